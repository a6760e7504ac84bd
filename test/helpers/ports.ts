import net from 'node:net';

/** A loopback port nothing listens on now: for a server started in its own process. */
export const freePort = () => new Promise<number>((resolve, reject) => {
  const srv = net.createServer();
  srv.listen(0, '127.0.0.1', () => {
    const { port } = srv.address() as net.AddressInfo;
    srv.close(() => resolve(port));
  });
  srv.on('error', reject);
});
