import test from 'ava';
import { renderReportPage } from '../../share-page/report.ts';
import { renderStepSvg } from '../../share-page/steps.ts';
import { BASE, planNamed, samplePlan } from './fixture.ts';
import { allElements, hasClass, parseXml, type XmlElement } from './xml.ts';

function svgOf(n: number, view = samplePlan()): XmlElement {
  const svg = renderStepSvg(view, n);
  if (svg === null) throw new Error(`no step ${n}`);
  return parseXml(svg);
}

function view(root: XmlElement, name: string): XmlElement {
  const found = allElements(root).find((e) => e.name === 'g' && e.attributes['data-view'] === name);
  if (!found) throw new Error(`no ${name} view`);
  return found;
}

const pieces = (g: XmlElement) => g.children.filter((e) => e.name === 'rect' && hasClass(e, 'piece'));
const outlines = (g: XmlElement) => g.children.filter((e) => e.name === 'rect' && hasClass(e, 'current-outline'));

test('every step image is well-formed SVG with a title', (t) => {
  for (let n = 1; n <= 5; n++) {
    const root = svgOf(n);
    t.is(root.name, 'svg');
    t.is(root.attributes.xmlns, 'http://www.w3.org/2000/svg');
    t.regex(root.attributes.viewBox, /^0 0 \d+ \d+$/);
    t.truthy(root.children.find((e) => e.name === 'title')?.text);
  }
});

test('the image shows the Unit from above, from the side and from the door', (t) => {
  const root = svgOf(1);
  for (const name of ['top', 'side', 'door']) {
    t.is(view(root, name).children.filter((e) => hasClass(e, 'unit-outline')).length, 1, name);
  }
});

test('each view draws the pieces loaded in the Unit so far, and no later ones', (t) => {
  const counts = [1, 2, 3, 1, 2].map((_, i) => {
    const root = svgOf(i + 1);
    return ['top', 'side', 'door'].map((name) => pieces(view(root, name)).length);
  });
  t.deepEqual(counts, [[1, 1, 1], [2, 2, 2], [3, 3, 3], [1, 1, 1], [2, 2, 2]]);
});

test('only the pieces of the current step are highlighted', (t) => {
  const root = svgOf(2);
  for (const name of ['top', 'side', 'door']) {
    const g = view(root, name);
    t.is(pieces(g).filter((e) => hasClass(e, 'current')).length, 1, name);
    t.is(outlines(g).length, 1, name);
  }
});

test('the highlight outlines the current piece and is drawn over every other piece', (t) => {
  const top = view(svgOf(2), 'top');
  const outline = outlines(top)[0];
  // Euro pallet #2: x 0, y 800, 1200 x 800; the left wall is at the bottom (W = 2352).
  t.like(outline.attributes, { x: '0', y: String(2352 - 800 - 800), width: '1200', height: '800', fill: 'none' });
  const order = top.children.filter((e) => e.name === 'rect');
  t.is(order[order.length - 1], outline);
});

test('the side view puts the floor at the bottom and the front wall on the left', (t) => {
  const side = view(svgOf(5), 'side');
  // Van, H = 1800: Carton #1 on the floor, Carton #2 on top of it.
  const [floorPiece, upperPiece] = pieces(side)
    .slice()
    .sort((a, b) => Number(b.attributes.y) - Number(a.attributes.y));
  t.like(floorPiece.attributes, { x: '0', y: String(1800 - 400), height: '400' });
  t.like(upperPiece.attributes, { x: '0', y: String(1800 - 800), height: '400' });
  t.true(hasClass(upperPiece, 'current'));
});

test('the step image escapes names', (t) => {
  const svg = renderStepSvg(planNamed('<script>alert("x")</script> & co'), 1) ?? '';
  t.false(svg.includes('<script'));
  t.notThrows(() => parseXml(svg));
});

test('the well-formedness check itself refuses broken markup', (t) => {
  for (const bad of ['<svg><rect></svg>', '<svg><g></svg></g>', '<svg a=1/>', '<svg>a & b</svg>', '<svg><</svg>', '<svg/><svg/>']) {
    t.throws(() => parseXml(bad), undefined, bad);
  }
});

test('a piece has the same colour in the step image as in the report legend', (t) => {
  const legend = /data-testid="legend-lines"[\s\S]*?<\/ul>/.exec(renderReportPage(samplePlan(), { basePath: BASE }))![0];
  const crateSwatch = /fill="(#[0-9a-f]{6})"\/><\/svg>Crate</.exec(legend)![1];
  const crate = pieces(view(svgOf(3), 'top')).find((e) => hasClass(e, 'current'))!;
  t.is(crate.attributes.fill, crateSwatch);
});

test('a Unit whose equipment is unknown is drawn around its cargo', (t) => {
  const plan = samplePlan();
  plan.equipment = [];
  const outline = view(svgOf(3, plan), 'top').children.find((e) => hasClass(e, 'unit-outline'))!;
  // Cargo of Unit 1 reaches x = 2200 (crate at 1200 + 1000) and y = 1600 (two pallets).
  t.like(outline.attributes, { width: '2200', height: '1600' });
});
