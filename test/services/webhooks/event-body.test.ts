// The bytes a delivery sends: the contract's fields in the contract's order.
import test from 'ava';
import { eventBodyJson } from '../../../services/webhooks/event-body.ts';

test('the sent body has the contract fields in the contract order whatever order jsonb returns', (t) => {
  const stored = { data: { source: 'app', revision: 2, failureCode: null, projectId: 'prj_1', loadPlanId: 'lp_1', calculateId: 'calc_1' }, type: 'calculate.cancelled', createdAt: '2025-01-01T00:00:00.000Z', id: 'evt_1' };
  t.is(
    eventBodyJson(stored),
    '{"id":"evt_1","type":"calculate.cancelled","createdAt":"2025-01-01T00:00:00.000Z","data":{"calculateId":"calc_1","loadPlanId":"lp_1","projectId":"prj_1","revision":2,"source":"app","failureCode":null}}',
  );
});
