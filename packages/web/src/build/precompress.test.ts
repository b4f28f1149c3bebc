import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/precompress.mjs';

const SCRIPT = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;

describe('the precompress build step', () => {
  let dir = '';
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes .br and .gz next to text files over 1 KB only', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-dist-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    const write = (name: string, data: string | Buffer) =>
      fs.writeFileSync(path.join(dir, name), data);
    write('index.html', `<!doctype html>${'<p>padding</p>'.repeat(100)}`);
    write('manifest.webmanifest', '{"name":"Rada"}');
    write('icon.png', Buffer.alloc(3000, 7));
    write('assets/app-Ab12Cd.js', SCRIPT);
    write('assets/app-Ab12Cd.js.map', `{"x":"${'y'.repeat(4000)}"}`);
    write('assets/style-Ef34.css', `body{color:red}${'a{b:c}'.repeat(300)}`);
    write('assets/tiny-Zz99.js', 'export {};\n');

    const done = await precompress(dir);

    expect(done).toEqual(['assets/app-Ab12Cd.js', 'assets/style-Ef34.css', 'index.html']);
    const compressed = fs
      .readdirSync(dir, { recursive: true })
      .map(String)
      .filter((f) => /\.(br|gz)$/.test(f))
      .sort();
    expect(compressed).toEqual([
      'assets/app-Ab12Cd.js.br',
      'assets/app-Ab12Cd.js.gz',
      'assets/style-Ef34.css.br',
      'assets/style-Ef34.css.gz',
      'index.html.br',
      'index.html.gz',
    ]);
    const file = path.join(dir, 'assets/app-Ab12Cd.js');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(SCRIPT);
    expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).toString()).toBe(SCRIPT);
  });
});
