import dgram from 'node:dgram';
import type { NaptrRecord } from '../../upstreams/smp-lookup/dns.ts';

const TXT = 16;

/**
 * A DNS server on loopback UDP answering NAPTR queries from `records` and TXT queries from `txt`
 * (each by lower-cased name; a TXT record is a list of strings); other names get NXDOMAIN;
 * `setSilent(true)` stops answering (a resolver timeout). Enough of RFC 1035 / RFC 3403 for Node's
 * resolver.
 */
export async function stubDns(records: Map<string, NaptrRecord[]>, txt: Map<string, string[][]> = new Map()) {
  const socket = dgram.createSocket('udp4');
  const queries: string[] = [];
  let silent = false;
  socket.on('message', (msg, rinfo) => {
    if (silent) return;
    let offset = 12;
    const labels: string[] = [];
    while (msg[offset] > 0) {
      labels.push(msg.subarray(offset + 1, offset + 1 + msg[offset]).toString('ascii'));
      offset += msg[offset] + 1;
    }
    const questionEnd = offset + 5;
    const type = msg.readUInt16BE(offset + 1);
    const name = labels.join('.').toLowerCase();
    queries.push(name);
    const str = (s: string) => Buffer.concat([Buffer.from([Buffer.byteLength(s)]), Buffer.from(s)]);
    const rdatas =
      type === TXT
        ? (txt.get(name) ?? []).map((strings) => Buffer.concat(strings.map(str)))
        : (records.get(name) ?? []).map((r) =>
            Buffer.concat([
              Buffer.from([r.order >> 8, r.order & 255, r.preference >> 8, r.preference & 255]),
              str(r.flags),
              str(r.service),
              str(r.regexp),
              Buffer.from([0]),
            ]),
          );
    const header = Buffer.alloc(12);
    msg.copy(header, 0, 0, 2);
    header.writeUInt16BE(records.has(name) || txt.has(name) ? 0x8180 : 0x8183, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(rdatas.length, 6);
    const rrs = rdatas.map((rdata) => {
      const fixed = Buffer.alloc(12);
      fixed.writeUInt16BE(0xc00c, 0);
      fixed.writeUInt16BE(type === TXT ? TXT : 35, 2);
      fixed.writeUInt16BE(1, 4);
      fixed.writeUInt32BE(60, 6);
      fixed.writeUInt16BE(rdata.length, 10);
      return Buffer.concat([fixed, rdata]);
    });
    socket.send(Buffer.concat([header, msg.subarray(12, questionEnd), ...rrs]), rinfo.port, rinfo.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    server: `127.0.0.1:${socket.address().port}`,
    queries,
    setSilent: (value: boolean) => {
      silent = value;
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

export type DnsStub = Awaited<ReturnType<typeof stubDns>>;
