// The page for any share address that does not lead to a plan. Expired, unknown and
// revoked links get the very same page (and status 404 from the server), so a visitor
// cannot learn which tokens ever existed. Self-contained: no assets, since no valid base
// path is known.
import { renderDocument } from './layout.ts';

const STYLE =
  'body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;margin:0;color:#1d2125;background:#f6f7f9}' +
  'main{max-width:34rem;margin:12vh auto;padding:1.5rem;background:#fff;border-radius:8px;line-height:1.5}' +
  'h1{font-size:1.5rem;margin-top:0}';

export function renderNotFoundPage(): string {
  return renderDocument({
    title: 'Link not available',
    stylesheetHref: null,
    inlineStyle: STYLE,
    body: `<main data-testid="not-found">
<h1>This link is not available</h1>
<p>The load plan you are looking for cannot be shown. The link may be mistyped, may have
expired, or may no longer be shared.</p>
<p>Please ask the person who sent you the link for a new one.</p>
</main>`,
  });
}
