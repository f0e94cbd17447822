import test from 'ava';
import { renderNotFoundPage } from '../../share-page/not-found.ts';

test('the not-found page is a complete, self-contained HTML page', (t) => {
  const html = renderNotFoundPage();
  t.true(html.startsWith('<!DOCTYPE html>'));
  t.regex(html, /<h1>This link is not available<\/h1>/);
  t.false(html.includes('<link '));
  t.false(html.includes('<script'));
});

test('the not-found page is the same for every cause, so it reveals none', (t) => {
  t.is(renderNotFoundPage.length, 0);
  t.is(renderNotFoundPage(), renderNotFoundPage());
});
