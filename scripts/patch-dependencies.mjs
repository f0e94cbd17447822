// Runs after every npm install / npm ci: applies fixes the project needs in its dependencies
// before upstream releases them. Each patch is idempotent and fails loudly if the code it
// expects has moved (a new release: check whether the fix is in, then drop the patch).
//
// postgres@3.4.9 (porsager/postgres#1154, #1208; fix PRs #1176, #1209, not released): a small
// write buffered behind setImmediate can run after the connection closed and call
// `socket.write` on null, an uncaught TypeError that kills the process (the worker, the API)
// whenever the database drops a connection. The guard settles the waiting query with
// CONNECTION_CLOSED instead, and teardown forgets the buffered write so the pooled connection
// can write again after it reconnects.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';

const files = ['node_modules/postgres/src/connection.js', 'node_modules/postgres/cjs/src/connection.js'];
const MARK = '/* loadplan: guarded nextWrite */';
const GUARD = `function nextWrite(fn) {
    ${MARK}
    if (!socket) {
      nextWriteTimer !== null && clearImmediate(nextWriteTimer)
      chunk = nextWriteTimer = null
      error(Errors.connection('CONNECTION_CLOSED', options, socket))
      return false
    }
    const x = socket.write(chunk, fn)`;

for (const file of files) {
  if (!existsSync(file)) continue;
  let code = readFileSync(file, 'utf8');
  if (code.includes(MARK)) continue;
  const original = 'function nextWrite(fn) {\n    const x = socket.write(chunk, fn)';
  const teardown = '    clearImmediate(nextWriteTimer)\n';
  if (!code.includes(original) || code.split(teardown).length !== 3) {
    throw new Error(`patch-dependencies: ${file} is not the postgres.js 3.4.9 code this patch expects`);
  }
  code = code.replace(original, GUARD);
  code = code.split(teardown).join('    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n');
  writeFileSync(file, code);
}

// postgres@3.4.9: `sql.begin()` awaits BEGIN's answer before the transaction's first
// statement goes out, one round trip more per transaction than the protocol needs. Here
// the first statement is written right behind BEGIN on the same connection (pipelined), and
// the transaction waits for BEGIN's answer with its own. A BEGIN that fails fails the
// transaction: it only fails with its connection, and then so do the statements behind it.
const beginFiles = ['node_modules/postgres/src/index.js', 'node_modules/postgres/cjs/src/index.js'];
const BEGIN_MARK = '/* loadplan: pipelined begin */';
const BEGIN_ORIGINAL = `      await sql.unsafe('begin ' + options.replace(/[^a-z ]/ig, ''), [], { onexecute }).execute()
      return await Promise.race([
        scope(connection, fn),
        new Promise((_, reject) => connection.onclose = reject)
      ])`;
const BEGIN_PIPELINED = `      ${BEGIN_MARK}
      let assigned
      const onConnection = new Promise(resolve => assigned = resolve)
      const began = sql.unsafe('begin ' + options.replace(/[^a-z ]/ig, ''), [], { onexecute: c => (onexecute(c), assigned()) }).execute()
      await Promise.race([onConnection, began])
      // the pool parks the connection as full once BEGIN is written: take it back, so the
      // transaction's first statement goes out behind BEGIN (no other caller's can: the
      // pool hands out open and busy connections only)
      connection.queue === full && move(connection, reserved)
      return await Promise.race([
        Promise.all([began, scope(connection, fn)]).then(x => x[1]),
        new Promise((_, reject) => connection.onclose = reject)
      ])`;

for (const file of beginFiles) {
  if (!existsSync(file)) continue;
  const code = readFileSync(file, 'utf8');
  if (code.includes(BEGIN_MARK)) continue;
  if (code.split(BEGIN_ORIGINAL).length !== 2) {
    throw new Error(`patch-dependencies: ${file} is not the postgres.js 3.4.9 code the pipelined-begin patch expects`);
  }
  writeFileSync(file, code.replace(BEGIN_ORIGINAL, BEGIN_PIPELINED));
}
