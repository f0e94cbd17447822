// What the Share Link browser tests share: a real API with a solved plan, real Chromium,
// links minted through the API, and fresh pages at the size people use.
import type { Browser, Page } from 'playwright-core';
import { idem, startTestApi, type TestApi } from './api-harness.ts';
import { launchChromium } from './browser.ts';
import { createTestOrg, type TestOrg } from './fixtures.ts';
import { createSolvedPlan, type SolvedPlan } from './solved-plan-fixture.ts';

export interface ShareBrowser {
  api: TestApi;
  org: TestOrg;
  plan: SolvedPlan;
  browser: Browser;
  /** A Share Link's page URL for a plan (the fixture plan unless given). */
  mintUrl(body?: Record<string, unknown>, loadPlanId?: string): Promise<string>;
  /** A fresh page in its own context; phone-sized unless given. */
  openPage(width?: number, height?: number): Promise<Page>;
  close(): Promise<void>;
}

export async function startShareBrowser(): Promise<ShareBrowser> {
  // allSettled, not all: when one part fails to start the other is closed, or its open
  // handles keep the test worker alive until the run's timeout
  const [apiStart, browserStart] = await Promise.allSettled([startTestApi(), launchChromium()]);
  if (apiStart.status === 'rejected' || browserStart.status === 'rejected') {
    if (apiStart.status === 'fulfilled') await apiStart.value.close();
    if (browserStart.status === 'fulfilled') await browserStart.value.close();
    throw apiStart.status === 'rejected' ? apiStart.reason : (browserStart as PromiseRejectedResult).reason;
  }
  const api = apiStart.value;
  const browser = browserStart.value;
  const org = await createTestOrg(api.sql);
  const plan = await createSolvedPlan(api.sql, org.organizationId);
  return {
    api, org, plan, browser,
    async mintUrl(body = {}, loadPlanId = plan.loadPlanId) {
      const res = await api.call('POST', `/api/v1/load-plans/${loadPlanId}/share-links`, { key: org.apiKey, body, idempotencyKey: idem() });
      if (res.status !== 201) throw new Error(`minting answered ${res.status}: ${res.text}`);
      return res.body.url;
    },
    async openPage(width = 412, height = 915) {
      const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
      return context.newPage();
    },
    async close() {
      await browser.close();
      await api.close();
    },
  };
}
