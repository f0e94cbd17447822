// Colours of cargo lines and Stops, shared by the legend, the 3D viewer (through the
// embedded plan data) and the step images, so the three always agree.
import type { SharedPlanView } from './view-model.ts';

const NO_STOP_COLOUR = '#8a8f98';
const UNKNOWN_LINE_COLOUR = '#b0b4ba';

/**
 * Distinct hues by the golden angle, so neighbours in a list never look alike. Reds
 * (330°..30°) are left out: red marks the pieces to load now and the door.
 */
function colourNumber(i: number, lightness: number): string {
  const hue = 30 + ((i * 137.508 + 180) % 300);
  return hslToHex(hue, 0.62, lightness);
}

function hslToHex(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number): string => {
    const k = (n + h / 30) % 12;
    const c = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255).toString(16).padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** Line id -> colour, in the order of view.cargoLines. */
export function lineColours(view: SharedPlanView): Record<string, string> {
  const colours: Record<string, string> = {};
  view.cargoLines.forEach((line, i) => {
    colours[line.id] = colourNumber(i, 0.55);
  });
  return colours;
}

export function lineColour(colours: Record<string, string>, cargoLineId: string): string {
  return colours[cargoLineId] ?? UNKNOWN_LINE_COLOUR;
}

export function stopColour(stop: number | null): string {
  return stop === null ? NO_STOP_COLOUR : colourNumber(stop - 1, 0.5);
}

/** The Stops present in the placements, ascending, `null` (no Stop) last. */
export function stopsPresent(stops: (number | null)[]): (number | null)[] {
  const unique = [...new Set(stops)];
  return unique.sort((a, b) => (a === null ? 1 : b === null ? -1 : a - b));
}

/** Colour key of a Stop in the embedded data ("none" for null). */
export function stopKey(stop: number | null): string {
  return stop === null ? 'none' : String(stop);
}
