// Static files the Share Link pages load from `/share/:token/assets/<name>`. Only the names
// below are served: anything else (`../`, encoded slashes, absolute paths, unknown files)
// resolves to null, so the route cannot be used to read other files.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const threeBuild = dirname(require.resolve('three'));

export interface ShareAsset {
  /** Absolute path on disk. */
  path: string;
  contentType: string;
}

const JS = 'text/javascript; charset=utf-8';

function buildAssetMap(): Readonly<Record<string, ShareAsset>> {
  const assets: Record<string, ShareAsset> = {
    'viewer.js': { path: join(here, 'viewer.js'), contentType: JS },
    'share.css': { path: join(here, 'share.css'), contentType: 'text/css; charset=utf-8' },
    'three.module.js': { path: join(threeBuild, 'three.module.js'), contentType: JS },
    'OrbitControls.js': {
      path: require.resolve('three/examples/jsm/controls/OrbitControls.js'),
      contentType: JS,
    },
  };
  // three r171+ splits its module build; serve the second half when it is there.
  const core = join(threeBuild, 'three.core.js');
  if (existsSync(core)) assets['three.core.js'] = { path: core, contentType: JS };
  return Object.freeze(assets);
}

/** Asset name -> file. */
export const SHARE_ASSETS = buildAssetMap();

/** Assets change only with a deploy; private, since their addresses hold the share token. */
export const ASSET_CACHE_CONTROL = 'private, max-age=3600';

/** The asset for `assets/<name>`, or null (answer 404) for any name not in the map. */
export function resolveAsset(name: string): ShareAsset | null {
  return Object.hasOwn(SHARE_ASSETS, name) ? SHARE_ASSETS[name] : null;
}

export async function readAsset(name: string): Promise<{ body: Buffer; contentType: string } | null> {
  const asset = resolveAsset(name);
  if (!asset) return null;
  return { body: await readFile(asset.path), contentType: asset.contentType };
}
