/** Fixture files imported as text by the tests (Vite's `?raw` suffix). */
declare module '*?raw' {
  const text: string;
  export default text;
}
