import L from 'leaflet';
import { escapeHtml } from '../map/safeHtml.ts';
import { mercatorZoom } from '../map/crs.ts';
import { clusterByGrid } from './cluster.ts';
import { placeLabels } from './labels.ts';
import type { LabelObstacle, LabelWish } from './labels.ts';
import type { ScreenPoint } from './cluster.ts';
import { positionAt, tailRunsAt } from './trackMath.ts';
import type { Position, TailMinutes, TailRun } from './trackMath.ts';
import { teamLabel } from './trackStore.ts';
import type { TeamTrack } from './trackStore.ts';
import type { SpeedRange } from '@rada/core';

/** What the map shows at one moment. */
export interface TeamFrame {
  /** Read again on every redraw (a zoom, new speed colours): a collection, not an iterator. */
  teams: ReadonlyMap<string, TeamTrack>;
  /** The time shown: now when live, the slider's time in replay. */
  t: number;
  tail: TailMinutes;
  selectedId: string | null;
}

/** From this zoom on, markers are never clustered (a street-level view shows every team). */
export const CLUSTER_MAX_ZOOM = 17;
const RADIUS = 7;
const SELECTED_RADIUS = 10;

/** A jump over a gap: thin, faint and dashed, so the eye still follows the team. */
const GAP_STYLE = { weight: 2, opacity: 0.55, dashArray: [4, 6] };

interface TeamMarker {
  circle: L.CircleMarker;
  /** The tail's runs (by speed colour, and the jumps over gaps), reused between draws. */
  runs: L.Polyline[];
  /** Each polyline's style as last set ('colour weight gap'): unchanged, it is not set again. */
  runStyles: string[];
  runsOnMap: number;
  onMap: boolean;
  labelShown: boolean;
  label: string;
  colour: string;
  selected: boolean;
}

/**
 * The teams on a Leaflet map, drawn imperatively so hundreds of them move smoothly: circle
 * markers and tails on canvas renderers in their own panes (above the KP markers), a permanent
 * 'nr name' label per marker where it covers no other label (the selected team's first), and count bubbles where CLUSTER_MIN_SIZE or more markers share a
 * grid cell at the current zoom (a click zooms to them). React never renders per point: the tab
 * calls `draw` whenever the time or the tracks change.
 */
export class TeamLayer {
  private readonly markers = new Map<string, TeamMarker>();
  private readonly bubbles = new Map<string, { marker: L.Marker; count: number }>();
  private readonly tails: L.Canvas;
  private readonly circles: L.Canvas;
  private readonly positions = new Map<string, Position>();
  private last: TeamFrame | null = null;
  private ranges: readonly SpeedRange[] = [];

  constructor(
    private readonly map: L.Map,
    private readonly options: {
      onSelect: (teamId: string) => void;
      clusterTitle: (count: number) => string;
    },
  ) {
    for (const [pane, z] of [
      ['radaTails', 610],
      ['radaTeams', 620],
      ['radaClusters', 630],
    ] as const) {
      if (!map.getPane(pane)) map.createPane(pane).style.zIndex = String(z);
    }
    this.tails = L.canvas({ pane: 'radaTails', padding: 0.3 });
    this.circles = L.canvas({ pane: 'radaTeams', padding: 0.3 });
    map.on('zoomend', this.handleZoom);
  }

  /** Colours tails by speed from now on (none: each team's own colour). */
  setSpeedRanges(ranges: readonly SpeedRange[]): void {
    this.ranges = ranges;
    if (this.last) this.draw(this.last);
  }

  /** Where each shown team is (after the last draw). */
  positionOf(teamId: string): Position | null {
    return this.positions.get(teamId) ?? null;
  }

  /** Every shown team's position (after the last draw). */
  allPositions(): Position[] {
    return [...this.positions.values()];
  }

  /** Shows the teams at `frame.t`: markers at their interpolated positions, tails, clusters. */
  draw(frame: TeamFrame): void {
    this.last = frame;
    const zoom = this.map.getZoom();
    // Street level (as OpenStreetMap counts it, whatever the projection) shows every team.
    const street = mercatorZoom(this.map) >= CLUSTER_MAX_ZOOM;
    // For people reading the page's state (and browser tests): the zoom the clusters are for.
    this.map.getContainer().dataset.zoom = String(zoom);
    const seen = new Set<string>();
    const screen: ScreenPoint[] = [];
    const byId = new Map<string, TeamTrack>();
    this.positions.clear();
    for (const team of frame.teams.values()) {
      const pos = positionAt(team.points, frame.t);
      if (!pos) continue;
      seen.add(team.teamId);
      byId.set(team.teamId, team);
      this.positions.set(team.teamId, pos);
      if (team.teamId === frame.selectedId || street) continue;
      const p = this.map.project([pos.y, pos.x], zoom);
      screen.push({ id: team.teamId, px: p.x, py: p.y });
    }
    const { clusters } = clusterByGrid(screen);
    const clustered = new Set<string>();
    for (const c of clusters) for (const id of c.ids) clustered.add(id);

    // Labels of the markers shown, the selected team's first, covering no other label, marker
    // or bubble.
    const wishes: LabelWish[] = [];
    const obstacles: LabelObstacle[] = [];
    for (const c of clusters)
      obstacles.push({ px: c.px, py: c.py, r: bubbleSize(c.ids.length) / 2 });
    for (const [id, team] of byId) {
      if (clustered.has(id)) continue;
      const pos = this.positions.get(id)!;
      const p = this.map.project([pos.y, pos.x], zoom);
      const selected = id === frame.selectedId;
      const wish = { id, px: p.x, py: p.y, chars: teamLabel(team).length };
      if (selected) wishes.unshift(wish);
      else wishes.push(wish);
      obstacles.push({ px: p.x, py: p.y, r: (selected ? SELECTED_RADIUS : RADIUS) + 2 });
    }
    const labelled = placeLabels(wishes, obstacles, SELECTED_RADIUS + 3);
    let tailLines = 0;
    let tailGaps = 0;

    for (const [id, team] of byId) {
      const m = this.marker(team);
      const pos = this.positions.get(id)!;
      const show = !clustered.has(id);
      this.style(m, team, id === frame.selectedId);
      if (show) {
        m.circle.setLatLng([pos.y, pos.x]);
        if (!m.onMap) {
          m.circle.addTo(this.map);
          m.labelShown = true; // a permanent tooltip opens with its marker
        }
        m.onMap = true;
        const label = labelled.has(id);
        if (label !== m.labelShown) {
          if (label) m.circle.openTooltip();
          else m.circle.closeTooltip();
          m.labelShown = label;
        }
      } else if (m.onMap) {
        m.circle.remove();
        m.onMap = false;
      }
      const runs = show ? tailRunsAt(team.points, frame.t, frame.tail, this.ranges) : [];
      this.drawRuns(m, team, runs);
      for (const run of runs) {
        if (run.gap) tailGaps++;
        else tailLines++;
      }
    }
    for (const [id, m] of this.markers) {
      if (seen.has(id)) continue;
      m.circle.remove();
      for (const r of m.runs) r.remove();
      m.onMap = false;
      m.runsOnMap = 0;
    }
    this.drawClusters(clusters, zoom);
    const box = this.map.getContainer().dataset;
    box.teams = String(byId.size);
    box.clustered = String(clustered.size);
    // The tails are canvas pixels: what was drawn, for people reading the page (and tests).
    box.tailLines = String(tailLines);
    box.tailGaps = String(tailGaps);
  }

  /** Removes everything this layer added to the map. */
  destroy(): void {
    this.map.off('zoomend', this.handleZoom);
    for (const m of this.markers.values()) {
      m.circle.remove();
      for (const r of m.runs) r.remove();
    }
    for (const b of this.bubbles.values()) b.marker.remove();
    this.markers.clear();
    this.bubbles.clear();
  }

  /**
   * Draws a tail's runs, reusing the team's polylines: solid in the run's colour, or a jump over
   * a gap thin, faint and dashed (drawn rather than left out, so a team's track still reads as
   * one, yet never as a path walked).
   */
  private drawRuns(m: TeamMarker, team: TeamTrack, runs: readonly TailRun[]): void {
    const weight = m.selected ? 5 : 3;
    runs.forEach((run, i) => {
      let line = m.runs[i];
      if (!line) {
        line = L.polyline([], { renderer: this.tails, weight, opacity: 0.9, interactive: false });
        m.runs.push(line);
      }
      line.setLatLngs(run.latlngs);
      const colour = run.colour ?? team.colour;
      const style = `${colour} ${weight} ${run.gap}`;
      if (m.runStyles[i] !== style) {
        m.runStyles[i] = style;
        line.setStyle(
          run.gap
            ? { ...GAP_STYLE, color: colour, weight: GAP_STYLE.weight + (m.selected ? 1 : 0) }
            : { color: colour, weight, opacity: 0.9, dashArray: [] },
        );
      }
      if (i >= m.runsOnMap) line.addTo(this.map);
    });
    for (let i = runs.length; i < m.runsOnMap; i++) m.runs[i]!.remove();
    m.runsOnMap = runs.length;
  }

  private readonly handleZoom = () => {
    if (this.last) this.draw(this.last);
  };

  private marker(team: TeamTrack): TeamMarker {
    let m = this.markers.get(team.teamId);
    if (!m) {
      const circle = L.circleMarker([0, 0], {
        renderer: this.circles,
        radius: RADIUS,
        color: '#fff',
        weight: 2,
        fillColor: team.colour,
        fillOpacity: 1,
      });
      circle.on('click', () => this.options.onSelect(team.teamId));
      m = {
        circle,
        runs: [],
        runStyles: [],
        runsOnMap: 0,
        onMap: false,
        labelShown: false,
        label: '',
        colour: '',
        selected: false,
      };
      this.markers.set(team.teamId, m);
    }
    return m;
  }

  private style(m: TeamMarker, team: TeamTrack, selected: boolean): void {
    const label = teamLabel(team);
    if (label !== m.label) {
      m.label = label;
      const html = `<span data-testid="live-label-${escapeHtml(team.teamId)}">${escapeHtml(label)}</span>`;
      // A new text goes into the same tooltip: a rebound one would fade out beside its successor.
      if (m.circle.getTooltip()) m.circle.setTooltipContent(html);
      else {
        m.labelShown = m.onMap; // a permanent tooltip bound to a shown marker opens at once
        m.circle.bindTooltip(html, {
          permanent: true,
          direction: 'right',
          offset: [SELECTED_RADIUS + 3, 0],
          className: 'rada-team-label',
        });
      }
    }
    if (team.colour !== m.colour || selected !== m.selected) {
      m.colour = team.colour;
      m.selected = selected;
      m.circle.setStyle({
        fillColor: team.colour,
        color: selected ? '#212121' : '#fff',
        weight: selected ? 3 : 2,
      });
      m.circle.setRadius(selected ? SELECTED_RADIUS : RADIUS);
      if (selected && m.onMap) m.circle.bringToFront();
    }
  }

  private drawClusters(clusters: ReturnType<typeof clusterByGrid>['clusters'], zoom: number) {
    const keep = new Set<string>();
    for (const c of clusters) {
      keep.add(c.key);
      const at = this.map.unproject([c.px, c.py], zoom);
      const members = c.ids.map((id) => this.positions.get(id)!);
      const count = c.ids.length;
      let bubble = this.bubbles.get(c.key);
      if (!bubble) {
        const marker = L.marker(at, {
          pane: 'radaClusters',
          icon: bubbleIcon(count),
          title: this.options.clusterTitle(count),
          keyboard: false,
        });
        bubble = { marker, count };
        this.bubbles.set(c.key, bubble);
        marker.addTo(this.map);
      } else {
        bubble.marker.setLatLng(at);
        if (bubble.count !== count) {
          bubble.count = count;
          bubble.marker.setIcon(bubbleIcon(count));
          bubble.marker.getElement()?.setAttribute('title', this.options.clusterTitle(count));
        }
      }
      bubble.marker.off('click');
      bubble.marker.on('click', () => this.zoomTo(members));
    }
    for (const [key, b] of this.bubbles) {
      if (keep.has(key)) continue;
      b.marker.remove();
      this.bubbles.delete(key);
    }
  }

  /** Zooms to a cluster's teams, or two levels in when they all stand on one spot. */
  private zoomTo(members: Position[]): void {
    const bounds = L.latLngBounds(members.map((p) => [p.y, p.x] as L.LatLngTuple));
    const next = this.map.getBoundsZoom(bounds, false, L.point(40, 40));
    const zoom = Math.max(next, this.map.getZoom() + 2);
    this.map.setView(bounds.getCenter(), Math.min(zoom, this.map.getMaxZoom() || 19));
  }
}

/** A count bubble's diameter in pixels. */
const bubbleSize = (count: number) => (count < 10 ? 30 : count < 100 ? 36 : 44);

function bubbleIcon(count: number): L.DivIcon {
  const size = bubbleSize(count);
  return L.divIcon({
    className: 'rada-team-cluster',
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
    html:
      `<div data-testid="live-cluster" data-count="${count}" style="width:${size}px;` +
      `height:${size}px;border-radius:50%;background:rgba(21,101,192,.85);color:#fff;` +
      `border:3px solid rgba(255,255,255,.9);box-sizing:border-box;display:flex;` +
      `align-items:center;justify-content:center;font:700 13px/1 sans-serif;` +
      `box-shadow:0 1px 4px rgba(0,0,0,.5);cursor:pointer">${count}</div>`,
  });
}
