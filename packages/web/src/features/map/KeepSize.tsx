import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

/** Tells Leaflet when its box changes size (a dialog opening, a panel resizing). */
export function KeepSize() {
  const map = useMap();
  useEffect(() => {
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}
