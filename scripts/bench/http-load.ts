// The load generator, run as its own process by scripts/bench-http.ts so that it does not
// share an event loop with the server it measures. Prints one JSON line.
import autocannon from 'autocannon';

const [url, key, method, seconds, connections] = process.argv.slice(2);
let counter = 0;
const result = await autocannon({
  url,
  method: method as 'GET' | 'POST',
  duration: Number(seconds),
  connections: Number(connections),
  headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
  requests: [
    {
      setupRequest: (req: any) => {
        if (method !== 'POST') return req;
        counter++;
        return { ...req, body: JSON.stringify({ name: `bench ${counter}` }), headers: { ...req.headers, 'idempotency-key': `bench-${process.pid}-${counter}` } };
      },
    },
  ],
});
console.log(JSON.stringify({
  requestsPerSecond: result.requests.average,
  latencyP50Ms: result.latency.p50,
  latencyP99Ms: result.latency.p99,
  total: result.requests.total,
  non2xx: result.non2xx,
  errors: result.errors,
}));
