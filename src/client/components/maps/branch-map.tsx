import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './branch-map.css';
import { useEffect, useRef } from 'react';
import type { MapTiles } from '@shared/marketplace/marketplace';

export interface MapPinPosition {
  latitude: number;
  longitude: number;
}

export interface BranchMapProps {
  tiles: MapTiles;
  /** The pins to show, each with the name a screen reader and the pin's tooltip say. */
  pins: ReadonlyArray<{ id: string; label: string; position: MapPinPosition }>;
  /** With it, the one pin can be dragged (or the map tapped) to move it, and this hears the new place. */
  onMove?: (position: MapPinPosition) => void;
  /** The map's accessible name. */
  label: string;
}

/** Pakistan's centre, for a map with no pin yet. */
const PAKISTAN_CENTRE: L.LatLngTuple = [30.3753, 69.3451];
const SIX_DECIMALS = 1e6;

/** A pin drawn in CSS, so the map needs no marker images from the library's folder. */
const pinIcon = L.divIcon({
  className: 'chaska-map-pin',
  html: '<span></span>',
  iconSize: [28, 28],
  iconAnchor: [14, 28],
});

const round = (value: number) => Math.round(value * SIX_DECIMALS) / SIX_DECIMALS;

/**
 * A Leaflet map of a vendor's branches (decision 084). Its own chunk: only pages that show a map
 * download Leaflet, never the landing page or the listings. Tiles come from the configured tile
 * server, with its attribution on the map.
 */
export default function BranchMap({ tiles, pins, onMove, label }: BranchMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const moved = useRef(onMove);
  useEffect(() => {
    moved.current = onMove;
  }, [onMove]);

  useEffect(() => {
    if (!element.current) return;
    const created = L.map(element.current, { scrollWheelZoom: false, attributionControl: true });
    L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(created);
    created.setView(PAKISTAN_CENTRE, 5);
    layer.current = L.layerGroup().addTo(created);
    map.current = created;
    created.on('click', (event: L.LeafletMouseEvent) => {
      moved.current?.({ latitude: round(event.latlng.lat), longitude: round(event.latlng.lng) });
    });
    // A page that changes width (a phone turned, the sidebar folded) keeps its pins in view.
    const resized = new ResizeObserver(() => created.invalidateSize());
    resized.observe(element.current);
    return () => {
      resized.disconnect();
      created.remove();
      map.current = null;
    };
  }, [tiles.url, tiles.attribution]);

  const editable = onMove !== undefined;
  // Drawn again when the pins' places change, not for every new array of the same pins.
  const shownPins = useRef(pins);
  useEffect(() => {
    shownPins.current = pins;
  });
  const pinsKey = pins.map((pin) => `${pin.id}:${pin.position.latitude},${pin.position.longitude}`).join('|');
  useEffect(() => {
    const current = map.current;
    const group = layer.current;
    if (!current || !group) return;
    group.clearLayers();
    const markers = shownPins.current.map((pin) => {
      const marker = L.marker([pin.position.latitude, pin.position.longitude], {
        icon: pinIcon,
        title: pin.label,
        alt: pin.label,
        draggable: editable,
        keyboard: true,
      });
      marker.bindTooltip(pin.label);
      marker.on('dragend', () => {
        const { lat, lng } = marker.getLatLng();
        moved.current?.({ latitude: round(lat), longitude: round(lng) });
      });
      return marker.addTo(group);
    });
    if (markers.length === 1) current.setView(markers[0]!.getLatLng(), Math.max(current.getZoom(), 15));
    else if (markers.length > 1)
      current.fitBounds(L.latLngBounds(markers.map((marker) => marker.getLatLng())), { padding: [32, 32] });
  }, [pinsKey, editable]);

  return (
    <div
      ref={element}
      // Leaflet lays its tiles out left to right; in an Urdu page it would misplace them.
      dir="ltr"
      role="region"
      aria-label={label}
      data-testid="branch-map"
      className="z-0 h-64 w-full overflow-hidden rounded-2xl ring-1 ring-stone-200 sm:h-80"
    />
  );
}
