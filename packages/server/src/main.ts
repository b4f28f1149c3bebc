import { startServer } from './server.ts';

/** `npm start`: migrate, serve, and tell a newcomer how to get in. */
const server = await startServer();
const superAdmins = await server.handle.db
  .selectFrom('platform_roles')
  .select('user_id')
  .where('role', '=', 'superadmin')
  .execute();
const configured = (process.env.SUPERADMIN_EMAILS ?? '').trim() !== '';
console.log(`\nRada is running at ${server.url} (database: ${server.handle.dialect})`);
if (superAdmins.length === 0 && !configured) {
  console.log(
    '\nNo super admin exists yet. Create the first one (it may also create events) with:\n' +
      '  npm run rada -- superadmin you@example.com\n' +
      'It prints a password if the account is new; sign in at ' +
      server.url +
      '\n',
  );
}
// A graceful stop (server.close): the sockets move to other servers, the requests under way
// finish. A second signal stops at once.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`${signal}: shutting down`);
    process.once(signal, () => process.exit(1));
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('shutdown:', error);
        process.exit(1);
      },
    );
  });
}
