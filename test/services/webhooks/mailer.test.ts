// E-mails to owners and admins: always kept in the outbox; sent through nodemailer when
// SMTP_URL is set (here to a minimal SMTP server on 127.0.0.1 that records each message).
import test from 'ava';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { connect, type Sql } from '../../../db/connect.ts';
import { addMember } from '../../../db/organizations.ts';
import { listOutbox } from '../../../db/webhooks.ts';
import { endpointDisabledMail, mailOwnersAndAdmins } from '../../../services/webhooks/mailer.ts';
import { createTestOrg } from '../../support/fixtures.ts';
import { testDatabaseUrl } from '../../support/env.ts';

let sql: Sql;
test.before(() => {
  sql = connect(testDatabaseUrl(), { max: 2 });
});
test.after.always(async () => {
  await sql?.end();
});

/** Just enough SMTP for nodemailer: records envelope recipients and the DATA text. */
async function startSmtp(): Promise<{ port: number; messages: { to: string[]; data: string }[]; server: Server }> {
  const messages: { to: string[]; data: string }[] = [];
  const server = createServer((socket) => {
    let to: string[] = [];
    let data: string | null = null;
    let buffer = '';
    socket.write('220 test smtp\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      let i: number;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (data !== null) {
          if (line === '.') {
            messages.push({ to, data });
            data = null;
            to = [];
            socket.write('250 queued\r\n');
          } else data += line + '\n';
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 test\r\n');
        else if (/^RCPT TO:/i.test(line)) {
          to.push(line.replace(/^RCPT TO:<(.*)>.*$/i, '$1'));
          socket.write('250 ok\r\n');
        } else if (/^DATA/i.test(line)) {
          data = '';
          socket.write('354 go\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, messages, server };
}

const mail = endpointDisabledMail({ id: 'whe_1', url: 'https://hooks.example.com/x', failingSince: new Date('2025-01-01T00:00:00Z') });

test('without SMTP_URL the e-mail to each owner and admin waits in the outbox, unsent', async (t) => {
  const org = await createTestOrg(sql);
  await addMember(sql, { organizationId: org.organizationId, email: `admin-${Date.now()}@x.example`, role: 'admin' });
  await addMember(sql, { organizationId: org.organizationId, email: `member-${Date.now()}@x.example`, role: 'member' });
  t.is(await mailOwnersAndAdmins(sql, org.organizationId, mail, {}), 2);
  const outbox = await listOutbox(sql, org.organizationId);
  t.is(outbox.length, 2);
  t.true(outbox.every((m) => m.sentAt === null && m.subject === mail.subject));
  t.false(outbox.some((m) => m.to.startsWith('member-')));
});

test('with SMTP_URL the e-mail is sent through nodemailer and marked sent in the outbox', async (t) => {
  const smtp = await startSmtp();
  try {
    const org = await createTestOrg(sql);
    await mailOwnersAndAdmins(sql, org.organizationId, mail, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'ops@loadplan.example' });
    const [sent] = await listOutbox(sql, org.organizationId);
    t.true(sent.sentAt instanceof Date);
    t.is(smtp.messages.length, 1);
    t.deepEqual(smtp.messages[0].to, [sent.to]);
    t.regex(smtp.messages[0].data, /Subject: Webhook endpoint disabled: https:\/\/hooks\.example\.com\/x/);
    t.regex(smtp.messages[0].data, /From: ops@loadplan\.example/);
  } finally {
    smtp.server.close();
  }
});
