// The page the deploy test browses, served inside the compose network (the worker reaches it as
// http://site:8081, never the internet): a sign-in form and the account page behind it.
// Plain node:http, no dependencies, so it runs in the node base image as it is.
const http = require('node:http');

const USER = 'operator@example.test';
const PASSWORD = 'correct horse battery staple';
const page = (title, body) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

const signIn = page(
  'Sign in – Deploy Test',
  `<main><h1>Sign in to Deploy Test</h1>
  <form method="post" action="/login">
    <label for="email">Email</label> <input id="email" name="email" type="email" autocomplete="username" required>
    <label for="password">Password</label> <input id="password" name="password" type="password" autocomplete="current-password" required>
    <button type="submit">Sign in</button>
  </form></main>`,
);

function readForm(req) {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => resolve(new URLSearchParams(body)));
  });
}

http
  .createServer(async (req, res) => {
    if (req.method === 'POST' && req.url === '/login') {
      const form = await readForm(req);
      if (form.get('email') === USER && form.get('password') === PASSWORD) {
        res.writeHead(303, { location: '/account', 'set-cookie': 'session=signed-in; Path=/; HttpOnly' });
        return res.end();
      }
      res.writeHead(401, { 'content-type': 'text/html' });
      return res.end(page('Sign in – Deploy Test', '<p role="alert">Wrong email or password.</p>'));
    }
    if (req.url === '/account') {
      const signedIn = /(?:^|;\s*)session=signed-in/.test(req.headers.cookie ?? '');
      res.writeHead(signedIn ? 200 : 303, signedIn ? { 'content-type': 'text/html' } : { location: '/' });
      return res.end(signedIn ? page('Your account – Deploy Test', `<h1>Signed in as ${USER}</h1>`) : '');
    }
    if (req.url === '/healthz') return res.end('ok');
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(signIn);
  })
  .listen(8081, '0.0.0.0');

// PID 1 in its container: node has no default SIGTERM handler there, so stop promptly by hand.
process.on('SIGTERM', () => process.exit(0));
