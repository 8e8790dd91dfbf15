/**
 * The floor of `npm run bench:upload`: a bare node:http server that streams each request body
 * to a temp file in TMP_DIR, removes it and answers 201 with a number for its id (a DELETE
 * answers 200). No multipart parsing, no type check,
 * no thumbnail, no database: what is left is HTTP and the disk.
 */
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const dir = process.env.TMP_DIR!;
let n = 0;
const server = createServer((req, res) => {
  // The bench deletes its warm-up files, as it does on the server: nothing is kept to delete.
  if (req.method === 'DELETE') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
  const id = n++;
  const file = path.join(dir, `upload-${process.pid}-${id}`);
  pipeline(req, createWriteStream(file))
    .then(() => rm(file, { force: true }))
    .then(
      () => res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, file: { id: String(id) } })),
      (error: unknown) => res.writeHead(500).end(String(error)),
    );
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
process.on('SIGINT', () => server.close(() => process.exit(0)));
