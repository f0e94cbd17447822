// The step image (`GET /share/:token/steps/:n.svg`): the Unit after step n, drawn on the
// server as three orthographic views (top, side from the left, door from the rear), so it
// prints and needs no JavaScript. Pieces loaded so far are drawn in their line colour,
// muted; the pieces of step n are drawn full colour and outlined in red on top of every
// view, so they show even where other cargo hides them.
//
// SVG hooks: `g[data-view="top|side|door"]`, in each `rect.piece` per loaded piece (plus
// class `current` for step n's pieces) and `rect.current-outline` per piece of step n.
import type { Placement } from '../solver/types.ts';
import { escapeHtml } from './escape.ts';
import { unitLabel } from './format.ts';
import { loadingSteps, type LoadingStep } from './loading-steps.ts';
import { lineColour, lineColours } from './palette.ts';
import { indexView, type SharedPlanView } from './view-model.ts';

const HIGHLIGHT = '#d0021b';
const WIDTH_PX = 1200;

interface Box {
  placement: Placement;
  current: boolean;
}

interface Size {
  lengthMm: number;
  widthMm: number;
  heightMm: number;
}

/** A view maps a box to a rectangle in its own frame (origin top left, y down). */
interface ViewSpec {
  name: 'top' | 'side' | 'door';
  title: string;
  width: number;
  height: number;
  rect(p: Placement): { x: number; y: number; w: number; h: number };
  /** Painter's order: far boxes first. Exact for non-overlapping boxes in orthographic views. */
  depth(p: Placement): number;
  ends: [string, string] | null;
}

function viewSpecs(size: Size): ViewSpec[] {
  const { lengthMm: L, widthMm: W, heightMm: H } = size;
  return [
    {
      name: 'top',
      title: 'From above',
      width: L,
      height: W,
      // Looking down with the front wall on the left: the left wall is at the bottom.
      rect: (p) => ({ x: p.xMm, y: W - p.yMm - p.widthMm, w: p.lengthMm, h: p.widthMm }),
      depth: (p) => p.zMm + p.heightMm,
      ends: ['FRONT', 'DOOR'],
    },
    {
      name: 'side',
      title: 'From the left side',
      width: L,
      height: H,
      rect: (p) => ({ x: p.xMm, y: H - p.zMm - p.heightMm, w: p.lengthMm, h: p.heightMm }),
      depth: (p) => -p.yMm,
      ends: ['FRONT', 'DOOR'],
    },
    {
      name: 'door',
      title: 'From the door',
      width: W,
      height: H,
      rect: (p) => ({ x: p.yMm, y: H - p.zMm - p.heightMm, w: p.widthMm, h: p.heightMm }),
      depth: (p) => p.xMm + p.lengthMm,
      ends: null,
    },
  ];
}

/** Inner size of the Unit; falls back to the cargo's extent when the equipment is unknown. */
function unitSize(view: SharedPlanView, unitIndex: number, placements: Placement[]): Size {
  const unit = view.result.units.find((u) => u.index === unitIndex);
  const equipment = unit ? indexView(view).equipment(unit.equipmentId) : undefined;
  if (equipment) {
    return {
      lengthMm: equipment.innerLengthMm,
      widthMm: equipment.innerWidthMm,
      heightMm: equipment.innerHeightMm,
    };
  }
  return {
    lengthMm: Math.max(1, ...placements.map((p) => p.xMm + p.lengthMm)),
    widthMm: Math.max(1, ...placements.map((p) => p.yMm + p.widthMm)),
    heightMm: Math.max(1, ...placements.map((p) => p.zMm + p.heightMm)),
  };
}

function r(n: number): number {
  return Math.round(n);
}

function renderView(
  spec: ViewSpec,
  boxes: Box[],
  colours: Record<string, string>,
  at: { x: number; y: number },
  fontSize: number,
  stroke: number,
): string {
  const sorted = [...boxes].sort((a, b) => spec.depth(a.placement) - spec.depth(b.placement));
  const pieces = sorted.map(({ placement, current }) => {
    const b = spec.rect(placement);
    const fill = lineColour(colours, placement.cargoLineId);
    return `<rect class="piece${current ? ' current' : ''}" x="${r(b.x)}" y="${r(b.y)}" width="${r(b.w)}" height="${r(b.h)}" fill="${escapeHtml(fill)}" fill-opacity="${current ? 1 : 0.45}" stroke="#333333" stroke-width="${r(stroke)}"/>`;
  });
  const outlines = boxes
    .filter((box) => box.current)
    .map(({ placement }) => {
      const b = spec.rect(placement);
      return `<rect class="current-outline" x="${r(b.x)}" y="${r(b.y)}" width="${r(b.w)}" height="${r(b.h)}" fill="none" stroke="${HIGHLIGHT}" stroke-width="${r(stroke * 4)}"/>`;
    });
  const ends = spec.ends
    ? `<text x="0" y="${r(spec.height + fontSize * 1.2)}" font-size="${r(fontSize * 0.8)}">${spec.ends[0]}</text>
<text x="${r(spec.width)}" y="${r(spec.height + fontSize * 1.2)}" font-size="${r(fontSize * 0.8)}" text-anchor="end">${spec.ends[1]}</text>`
    : '';
  return `<g data-view="${spec.name}" transform="translate(${r(at.x)} ${r(at.y)})">
<text x="0" y="${r(-fontSize * 0.5)}" font-size="${r(fontSize)}" font-weight="bold">${spec.title}</text>
<rect class="unit-outline" x="0" y="0" width="${r(spec.width)}" height="${r(spec.height)}" fill="#f4f4ef" stroke="#222222" stroke-width="${r(stroke * 2)}"/>
${pieces.join('\n')}
${outlines.join('\n')}
${ends}
</g>`;
}

/** The Unit after `step`, with `step`'s pieces highlighted. */
export function stepSvg(view: SharedPlanView, steps: LoadingStep[], step: LoadingStep): string {
  const unitSteps = steps.filter((s) => s.unitIndex === step.unitIndex && s.number <= step.number);
  const boxes: Box[] = unitSteps.flatMap((s) =>
    s.placements.map((placement) => ({ placement, current: s.number === step.number })),
  );
  const size = unitSize(view, step.unitIndex, boxes.map((b) => b.placement));
  const [top, side, door] = viewSpecs(size);
  const longest = Math.max(size.lengthMm + size.widthMm, size.widthMm + size.heightMm);
  const fontSize = longest * 0.022;
  const stroke = Math.max(1, longest * 0.0007);
  const pad = fontSize * 1.5;
  const gap = fontSize * 3;
  const titleHeight = fontSize * 2.5;
  const topAt = { x: pad, y: titleHeight + fontSize * 1.5 };
  const sideAt = { x: pad, y: topAt.y + top.height + gap };
  const doorAt = { x: pad + side.width + gap, y: sideAt.y };
  const width = doorAt.x + door.width + pad;
  const height = sideAt.y + side.height + fontSize * 2 + pad;
  const unit = view.result.units.find((u) => u.index === step.unitIndex);
  const unitName = unit?.name ?? '';
  const caption = `${unitLabel(step.unitIndex)}${unitName ? ` · ${unitName}` : ''} · after step ${step.number} of ${steps.length} (${step.numberInUnit} of ${step.stepsInUnit} in this Unit)`;
  const colours = lineColours(view);
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${r(width)} ${r(height)}" width="${WIDTH_PX}" height="${r((WIDTH_PX * height) / width)}" role="img" aria-labelledby="step-title" font-family="Arial, Helvetica, sans-serif" data-step="${step.number}">
<title id="step-title">${escapeHtml(caption)}</title>
<rect x="0" y="0" width="${r(width)}" height="${r(height)}" fill="#ffffff"/>
<text x="${r(pad)}" y="${r(fontSize * 1.6)}" font-size="${r(fontSize * 1.1)}">${escapeHtml(caption)} · <tspan fill="${HIGHLIGHT}" font-weight="bold">red outline = load now</tspan></text>
${renderView(top, boxes, colours, topAt, fontSize, stroke)}
${renderView(side, boxes, colours, sideAt, fontSize, stroke)}
${renderView(door, boxes, colours, doorAt, fontSize, stroke)}
</svg>
`;
}
