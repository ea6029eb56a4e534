// A server component: the worked examples computed on the server at each
// request, through the installed package (Node reads the .wasm from disk),
// and the client component below computing them again in the browser.
import { init } from 'tensorcast';
import { workedExamples } from '../examples.js';
import Client from './client.js';

export const dynamic = 'force-dynamic';

export default async function Page() {
  let server;
  try {
    server = workedExamples(await init());
  } catch (e) {
    server = { failed: String(e && e.stack ? e.stack : e) };
  }
  return (
    <main>
      <pre id="server">{JSON.stringify(server)}</pre>
      <Client />
    </main>
  );
}
