// The yardstick of bench/timeline-read.ts: a bare Express 5 hello-world, in a process of
// its own like the app, answering on PORT (0 picks a free one) and printing where it listens.
import express from 'express';

const app = express();
app.get('/', (_request, response) => {
  response.send('Hello World!');
});
const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening on ${typeof address === 'object' && address ? address.port : address}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
