// Loading steps: front wall to door, each piece after the pieces it stands on.

export interface OrderBox {
  x: number;
  y: number;
  z: number;
  dx: number;
  dy: number;
  dz: number;
}

/** Returns, for each box, its 1-based loading step. */
export function loadingSteps(boxes: OrderBox[]): number[] {
  const n = boxes.length;
  const byTop = new Map<number, number[]>();
  boxes.forEach((b, i) => {
    const list = byTop.get(b.z + b.dz);
    if (list) list.push(i);
    else byTop.set(b.z + b.dz, [i]);
  });
  const waiting = new Array<number>(n).fill(0);
  const above: number[][] = boxes.map(() => []);
  boxes.forEach((b, i) => {
    if (b.z === 0) return;
    for (const j of byTop.get(b.z) ?? []) {
      const c = boxes[j];
      if (Math.min(b.x + b.dx, c.x + c.dx) > Math.max(b.x, c.x) && Math.min(b.y + b.dy, c.y + c.dy) > Math.max(b.y, c.y)) {
        waiting[i]++;
        above[j].push(i);
      }
    }
  });
  const heap = new MinHeap((a: number, b: number) => key(boxes[a], boxes[b]) || a - b);
  for (let i = 0; i < n; i++) if (waiting[i] === 0) heap.push(i);
  const steps = new Array<number>(n).fill(0);
  let step = 0;
  while (heap.size > 0) {
    const i = heap.pop();
    steps[i] = ++step;
    for (const j of above[i]) if (--waiting[j] === 0) heap.push(j);
  }
  return steps;
}

/** Front wall first, then bottom up, then left to right. */
function key(a: OrderBox, b: OrderBox): number {
  return a.x - b.x || a.z - b.z || a.y - b.y;
}

class MinHeap {
  private readonly data: number[] = [];
  constructor(private readonly less: (a: number, b: number) => number) {}

  get size(): number {
    return this.data.length;
  }

  push(v: number): void {
    const d = this.data;
    d.push(v);
    let i = d.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (this.less(d[i], d[p]) >= 0) break;
      [d[i], d[p]] = [d[p], d[i]];
      i = p;
    }
  }

  pop(): number {
    const d = this.data;
    const top = d[0];
    const last = d.pop()!;
    if (d.length > 0) {
      d[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1, r = l + 1;
        let m = i;
        if (l < d.length && this.less(d[l], d[m]) < 0) m = l;
        if (r < d.length && this.less(d[r], d[m]) < 0) m = r;
        if (m === i) break;
        [d[i], d[m]] = [d[m], d[i]];
        i = m;
      }
    }
    return top;
  }
}
