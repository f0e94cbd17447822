// Share Link 3D viewer (served as `assets/viewer.js`, an ES module; `three` and
// `three/addons/controls/OrbitControls.js` come from the page's import map, never a CDN).
//
// Reads `script#plan-data` ({ plan: SharedPlanView, colours: { lines, stops }, stopLabels }) and draws
// every Unit into its `canvas[data-testid="unit-canvas-<index>"]`: the Unit's inner space as
// a wireframe (door end in red), the loaded pieces as boxes coloured by line or by Stop.
//
// One WebGL renderer is shared by all Units and each frame is copied into the Unit's own
// 2D canvas: browsers allow only about 16 live WebGL contexts, and a plan may have hundreds
// of Units. Frames are drawn on demand (after a drag, zoom, tap or slider move), not in a
// loop. A Unit's pieces are one instanced mesh and one set of edges, in loading order, so a
// Unit of thousands of pieces is a handful of draw calls, and "up to step N" only shortens
// how many instances are drawn.
//
// A tap (a click that is not a drag) on a piece selects it: it turns HIGHLIGHT and the
// Unit's `piece-info-<index>` tells its line, piece number, Stop and weight. The step slider
// (`step-range-<index>`, shown only when the link shows loading steps) shows the load up to
// a step of the Unit. Each canvas carries `data-shown-pieces` and `data-draw-calls`.
//
// When the first frame of every Unit is drawn: `document.body.dataset.viewerReady = "true"`.
// If three.js or WebGL is unavailable: `viewerReady = "error"` and `viewerError` = reason.

const MM = 0.001; // scene units are metres
const BACKGROUND = 0xfafbfc;
const FRAME_COLOUR = 0x333a40;
const DOOR_COLOUR = 0xd0021b;
const EDGE_COLOUR = 0x22272b;
const HIGHLIGHT = '#ffd400';
const EDGE_POINTS = 24; // vertices of one box's edges
/** A pointer that moves less than this between down and up is a tap, not a drag. */
const TAP_SLOP_PX = 6;

function readPlanData() {
  const element = document.getElementById('plan-data');
  if (!element) throw new Error('plan data missing');
  return JSON.parse(element.textContent || '{}');
}

/** Inner size of a Unit in mm; the cargo's extent when its equipment is unknown. */
function unitSize(plan, unit, placements) {
  const equipment = plan.equipment.find((e) => e.id === unit.equipmentId);
  if (equipment) {
    return { L: equipment.innerLengthMm, W: equipment.innerWidthMm, H: equipment.innerHeightMm };
  }
  const extent = (f) => Math.max(1, ...placements.map(f));
  return {
    L: extent((p) => p.xMm + p.lengthMm),
    W: extent((p) => p.yMm + p.widthMm),
    H: extent((p) => p.zMm + p.heightMm),
  };
}

// The plan's frame is x front->door, y from the left wall, z up; three.js has y up.
// Plan (x, y, z) -> scene (x, z, y), in metres.
function toScene(THREE, xMm, yMm, zMm) {
  return new THREE.Vector3(xMm * MM, zMm * MM, yMm * MM);
}

function boxColour(colours, mode, placement) {
  if (mode === 'stop') {
    return colours.stops[placement.stop === null ? 'none' : String(placement.stop)] || '#8a8f98';
  }
  return colours.lines[placement.cargoLineId] || '#b0b4ba';
}

// The 12 edges of a unit cube centred on the origin, as 24 corner points.
const CUBE_EDGES = (() => {
  const c = [
    [-0.5, -0.5, -0.5], [0.5, -0.5, -0.5], [0.5, 0.5, -0.5], [-0.5, 0.5, -0.5],
    [-0.5, -0.5, 0.5], [0.5, -0.5, 0.5], [0.5, 0.5, 0.5], [-0.5, 0.5, 0.5],
  ];
  const pairs = [[0, 1], [1, 2], [2, 3], [3, 0], [4, 5], [5, 6], [6, 7], [7, 4], [0, 4], [1, 5], [2, 6], [3, 7]];
  return pairs.flatMap(([a, b]) => [c[a], c[b]]);
})();

function unitFrame(THREE, size) {
  const group = new THREE.Group();
  const box = new THREE.BoxGeometry(size.L * MM, size.H * MM, size.W * MM);
  const frame = new THREE.LineSegments(
    new THREE.EdgesGeometry(box),
    new THREE.LineBasicMaterial({ color: FRAME_COLOUR }),
  );
  frame.position.copy(toScene(THREE, size.L / 2, size.W / 2, size.H / 2));
  group.add(frame);

  const floor = new THREE.Mesh(
    new THREE.PlaneGeometry(size.L * MM, size.W * MM),
    new THREE.MeshBasicMaterial({ color: 0xd9dde2, side: THREE.DoubleSide }),
  );
  floor.rotation.x = -Math.PI / 2;
  floor.position.copy(toScene(THREE, size.L / 2, size.W / 2, -1));
  group.add(floor);

  // The door end, so visitors know which way is out.
  const door = [
    [size.L, 0, 0], [size.L, size.W, 0], [size.L, size.W, size.H], [size.L, 0, size.H], [size.L, 0, 0],
  ].map(([x, y, z]) => toScene(THREE, x, y, z));
  group.add(
    new THREE.Line(
      new THREE.BufferGeometry().setFromPoints(door),
      new THREE.LineBasicMaterial({ color: DOOR_COLOUR }),
    ),
  );
  return group;
}

/** All pieces of a Unit as one instanced mesh plus one set of edges: two draw calls. */
function cargoMeshes(THREE, placements) {
  const count = Math.max(placements.length, 1);
  const mesh = new THREE.InstancedMesh(
    new THREE.BoxGeometry(1, 1, 1),
    new THREE.MeshLambertMaterial({ color: 0xffffff }),
    count,
  );
  mesh.count = placements.length;
  const edgePositions = new Float32Array(placements.length * CUBE_EDGES.length * 3);
  const matrix = new THREE.Matrix4();
  const quaternion = new THREE.Quaternion();
  placements.forEach((p, i) => {
    const centre = toScene(THREE, p.xMm + p.lengthMm / 2, p.yMm + p.widthMm / 2, p.zMm + p.heightMm / 2);
    const scale = new THREE.Vector3(p.lengthMm * MM, p.heightMm * MM, p.widthMm * MM);
    mesh.setMatrixAt(i, matrix.compose(centre, quaternion, scale));
    CUBE_EDGES.forEach(([ex, ey, ez], k) => {
      const o = (i * CUBE_EDGES.length + k) * 3;
      edgePositions[o] = centre.x + ex * scale.x;
      edgePositions[o + 1] = centre.y + ey * scale.y;
      edgePositions[o + 2] = centre.z + ez * scale.z;
    });
  });
  const edgesGeometry = new THREE.BufferGeometry();
  edgesGeometry.setAttribute('position', new THREE.BufferAttribute(edgePositions, 3));
  const edges = new THREE.LineSegments(
    edgesGeometry,
    new THREE.LineBasicMaterial({ color: EDGE_COLOUR, transparent: true, opacity: 0.55 }),
  );
  return { mesh, edges };
}

function paintCargo(THREE, mesh, placements, colours, mode) {
  const colour = new THREE.Color();
  placements.forEach((p, i) => mesh.setColorAt(i, colour.set(boxColour(colours, mode, p))));
  if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
}

/**
 * Camera behind the door, above the left side, as close as lets all eight corners of the
 * Unit show (a bounding sphere would leave a long trailer tiny).
 */
function placeCamera(THREE, camera, controls, size) {
  const centre = toScene(THREE, size.L / 2, size.W / 2, size.H / 2);
  const corners = [];
  for (const x of [0, size.L]) for (const y of [0, size.W]) for (const z of [0, size.H]) {
    corners.push(toScene(THREE, x, y, z));
  }
  const direction = new THREE.Vector3(0.75, 0.8, -1.4).normalize();
  let distance = Math.hypot(size.L, size.W, size.H) * MM * 2;
  for (let round = 0; round < 4; round++) {
    camera.position.copy(centre).addScaledVector(direction, distance);
    camera.near = distance / 100;
    camera.far = distance * 10;
    camera.lookAt(centre);
    camera.updateMatrixWorld();
    camera.updateProjectionMatrix();
    const reach = Math.max(
      ...corners.map((c) => {
        const p = c.clone().project(camera);
        return Math.max(Math.abs(p.x), Math.abs(p.y));
      }),
    );
    distance *= 0.4 + 0.6 * (reach / 0.9); // aim for the corners at 90 % of the frame
  }
  camera.position.copy(centre).addScaledVector(direction, distance);
  camera.updateProjectionMatrix();
  controls.target.copy(centre);
  controls.update();
}

/** "1,250.5 kg", as the report writes weights. */
function formatWeight(grams) {
  return `${(grams / 1000).toLocaleString('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} kg`;
}

function pieceDetails(data, placement, step, steps) {
  const { plan, stopLabels } = data;
  const line = plan.cargoLines.find((l) => l.id === placement.cargoLineId);
  const parts = [
    `${line ? line.name : placement.cargoLineId} #${placement.pieceIndex + 1}`,
    stopLabels[placement.stop === null ? 'none' : String(placement.stop)] || (placement.stop === null ? 'after all Stops' : `Stop ${placement.stop}`),
    line ? formatWeight(line.weightG) : null,
    plan.showLoadingSteps ? `step ${step} of ${steps}` : null,
    placement.rotation[2] !== 'H' ? 'not upright' : null,
  ];
  return parts.filter(Boolean).join(' · ');
}

function createUnitView(THREE, OrbitControls, renderer, canvas, data, unit) {
  const { plan, colours } = data;
  // loading order, so the first k instances are the load after a step
  const placements = plan.result.placements
    .filter((p) => p.unitIndex === unit.index)
    .sort((a, b) => a.loadingStep - b.loadingStep);
  const stepValues = [...new Set(placements.map((p) => p.loadingStep))];
  const stepInUnit = (p) => stepValues.indexOf(p.loadingStep) + 1;
  const size = unitSize(plan, unit, placements);
  const scene = new THREE.Scene();
  scene.background = new THREE.Color(BACKGROUND);
  scene.add(new THREE.AmbientLight(0xffffff, 1.6));
  const sun = new THREE.DirectionalLight(0xffffff, 1.8);
  sun.position.set(0.6, 1, -0.4);
  scene.add(sun);
  scene.add(unitFrame(THREE, size));
  const { mesh, edges } = cargoMeshes(THREE, placements);
  scene.add(mesh, edges);

  const camera = new THREE.PerspectiveCamera(40, 1, 0.01, 1000);
  const controls = new OrbitControls(camera, canvas);
  const context = canvas.getContext('2d');
  const info = document.querySelector(`[data-testid="piece-info-${unit.index}"]`);
  const raycaster = new THREE.Raycaster();
  let framed = false;
  let mode = 'line';
  let selected = -1;
  canvas.dataset.shownPieces = String(placements.length);

  function render() {
    const width = Math.max(1, Math.round(canvas.clientWidth * devicePixelRatio));
    const height = Math.max(1, Math.round(canvas.clientHeight * devicePixelRatio));
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    camera.aspect = width / height;
    if (!framed) {
      framed = true; // first: controls.update() below emits 'change', which calls render()
      placeCamera(THREE, camera, controls, size);
    }
    camera.updateProjectionMatrix();
    renderer.setSize(width, height, false);
    renderer.render(scene, camera);
    canvas.dataset.drawCalls = String(renderer.info.render.calls);
    context.drawImage(renderer.domElement, 0, 0);
  }

  function paint() {
    paintCargo(THREE, mesh, placements, colours, mode);
    if (selected >= 0) {
      mesh.setColorAt(selected, new THREE.Color(HIGHLIGHT));
      mesh.instanceColor.needsUpdate = true;
    }
  }

  function select(i) {
    selected = i;
    paint();
    render();
    if (!info) return;
    info.hidden = i < 0;
    info.textContent = i < 0 ? '' : pieceDetails(data, placements[i], stepInUnit(placements[i]), stepValues.length);
    canvas.dataset.selectedPiece = i < 0 ? '' : `${placements[i].cargoLineId}#${placements[i].pieceIndex}`;
  }

  /** The piece under a point of the canvas (CSS pixels from its corner), or -1. */
  function pieceAt(x, y) {
    const ndc = new THREE.Vector2((x / canvas.clientWidth) * 2 - 1, -(y / canvas.clientHeight) * 2 + 1);
    raycaster.setFromCamera(ndc, camera);
    const [hit] = raycaster.intersectObject(mesh);
    return hit && hit.instanceId !== undefined ? hit.instanceId : -1;
  }

  let down = null;
  canvas.addEventListener('pointerdown', (e) => {
    down = { x: e.clientX, y: e.clientY };
  });
  canvas.addEventListener('pointerup', (e) => {
    if (!down || Math.hypot(e.clientX - down.x, e.clientY - down.y) > TAP_SLOP_PX) return;
    const box = canvas.getBoundingClientRect();
    select(pieceAt(e.clientX - box.left, e.clientY - box.top));
    down = null;
  });

  controls.addEventListener('change', render);
  return {
    render,
    setColourMode(next) {
      mode = next;
      paint();
      render();
    },
    paint,
    /** Shows the load after the Unit's step n (0 = empty, stepValues.length = all). */
    showUpToStep(n) {
      const last = n > 0 ? stepValues[n - 1] : -Infinity;
      let shown = 0;
      while (shown < placements.length && placements[shown].loadingStep <= last) shown++;
      mesh.count = shown;
      edges.geometry.setDrawRange(0, shown * EDGE_POINTS);
      canvas.dataset.shownPieces = String(shown);
      if (selected >= shown) select(-1);
      else render();
    },
  };
}

function wireStepSlider(view, unitIndex) {
  const slider = document.querySelector(`[data-testid="step-slider-${unitIndex}"]`);
  if (!slider) return;
  const range = slider.querySelector('input[type="range"]');
  const output = slider.querySelector('output');
  slider.hidden = false;
  range.addEventListener('input', () => {
    output.textContent = range.value;
    view.showUpToStep(Number(range.value));
  });
}

function wireColourToggle(views) {
  const toggle = document.querySelector('[data-testid="colour-toggle"]');
  if (!toggle) return;
  toggle.hidden = false;
  const buttons = [...toggle.querySelectorAll('button[data-colour-mode]')];
  for (const button of buttons) {
    button.addEventListener('click', () => {
      const mode = button.dataset.colourMode;
      for (const b of buttons) b.setAttribute('aria-pressed', String(b === button));
      for (const legend of document.querySelectorAll('[data-legend]')) {
        legend.hidden = legend.dataset.legend !== mode;
      }
      for (const view of views) view.setColourMode(mode);
      document.body.dataset.colourMode = mode;
    });
  }
}

function showFailure(reason) {
  document.body.dataset.viewerReady = 'error';
  document.body.dataset.viewerError = reason;
  for (const box of document.querySelectorAll('.canvas-box')) {
    const note = document.createElement('p');
    note.className = 'hint';
    note.textContent = 'The 3D view cannot be shown on this device. The tables hold the whole plan.';
    box.replaceWith(note);
  }
}

async function main() {
  const [THREE, { OrbitControls }] = await Promise.all([
    import('three'),
    import('three/addons/controls/OrbitControls.js'),
  ]);
  const data = readPlanData();
  const { plan } = data;
  const renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
  renderer.setPixelRatio(1); // canvases are sized in device pixels already
  const views = [];
  const viewByCanvas = new Map();
  for (const unit of plan.result.units) {
    const canvas = document.querySelector(`canvas[data-testid="unit-canvas-${unit.index}"]`);
    if (!canvas) continue;
    const view = createUnitView(THREE, OrbitControls, renderer, canvas, data, unit);
    view.paint();
    view.render();
    wireStepSlider(view, unit.index);
    views.push(view);
    viewByCanvas.set(canvas, view);
  }
  wireColourToggle(views);
  document.body.dataset.colourMode = 'line';
  // Canvases follow their boxes when the phone turns or the window resizes.
  const resize = new ResizeObserver((entries) => {
    for (const entry of entries) viewByCanvas.get(entry.target)?.render();
  });
  for (const canvas of viewByCanvas.keys()) resize.observe(canvas);
  requestAnimationFrame(() => {
    document.body.dataset.viewerReady = 'true';
  });
}

// The print action needs this script, so it shows only once the script runs.
const printButton = document.querySelector('[data-action="print"]');
if (printButton) {
  printButton.hidden = false;
  printButton.addEventListener('click', () => window.print());
}

main().catch((error) => showFailure(error instanceof Error ? error.message : String(error)));
