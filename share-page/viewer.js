// Share Link 3D viewer (served as `assets/viewer.js`, an ES module; `three` and
// `three/addons/controls/OrbitControls.js` come from the page's import map, never a CDN).
//
// Reads `script#plan-data` ({ plan: SharedPlanView, colours: { lines, stops } }) and draws
// every Unit into its `canvas[data-testid="unit-canvas-<index>"]`: the Unit's inner space as
// a wireframe (door end in red), the loaded pieces as boxes coloured by line or by Stop.
//
// One WebGL renderer is shared by all Units and each frame is copied into the Unit's own
// 2D canvas: browsers allow only about 16 live WebGL contexts, and a plan may have hundreds
// of Units. Frames are drawn on demand (after a drag or zoom), not in a loop.
//
// When the first frame of every Unit is drawn: `document.body.dataset.viewerReady = "true"`.
// If three.js or WebGL is unavailable: `viewerReady = "error"` and `viewerError` = reason.

const MM = 0.001; // scene units are metres
const BACKGROUND = 0xfafbfc;
const FRAME_COLOUR = 0x333a40;
const DOOR_COLOUR = 0xd0021b;
const EDGE_COLOUR = 0x22272b;

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

function createUnitView(THREE, OrbitControls, renderer, canvas, plan, unit, colours) {
  const placements = plan.result.placements.filter((p) => p.unitIndex === unit.index);
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
  let framed = false;

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
    context.drawImage(renderer.domElement, 0, 0);
  }

  controls.addEventListener('change', render);
  return {
    render,
    setColourMode(mode) {
      paintCargo(THREE, mesh, placements, colours, mode);
      render();
    },
    paint(mode) {
      paintCargo(THREE, mesh, placements, colours, mode);
    },
  };
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
  const { plan, colours } = readPlanData();
  const renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
  renderer.setPixelRatio(1); // canvases are sized in device pixels already
  const views = [];
  const viewByCanvas = new Map();
  for (const unit of plan.result.units) {
    const canvas = document.querySelector(`canvas[data-testid="unit-canvas-${unit.index}"]`);
    if (!canvas) continue;
    const view = createUnitView(THREE, OrbitControls, renderer, canvas, plan, unit, colours);
    view.paint('line');
    view.render();
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
