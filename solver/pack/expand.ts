import type { BlockPiece, PlacedBlock } from '../model.ts';

/** The single pieces of a placed block, in absolute Unit coordinates. */
export function expandPlaced(pb: PlacedBlock): BlockPiece[] {
  const b = pb.block;
  if (b.pieces) return b.pieces.map((p) => ({ ...p, x: pb.x + p.x, y: pb.y + p.y, z: pb.z + p.z }));
  if (b.parts) return b.parts.flatMap((p) => expandPlaced({ block: p.block, x: pb.x + p.x, y: pb.y + p.y, z: pb.z + p.z }));
  const dx = b.dx / b.nx, dy = b.dy / b.ny, dz = b.dz / b.nz;
  const out: BlockPiece[] = [];
  for (let iz = 0; iz < b.nz; iz++) {
    for (let ix = 0; ix < b.nx; ix++) {
      for (let iy = 0; iy < b.ny; iy++) {
        out.push({ item: b.item, rotation: b.rotation, x: pb.x + ix * dx, y: pb.y + iy * dy, z: pb.z + iz * dz, dx, dy, dz });
      }
    }
  }
  return out;
}
