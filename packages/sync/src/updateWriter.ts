// Writes a decoded Yjs update (Y.decodeUpdate's structs and delete set) back as a v1 update,
// as yjs writes one: clients in descending order, each client's structs from its first clock,
// then the delete set. For updates whose item contents were replaced by ones of the same length
// (backlinkView.ts): ids, neighbours and parents are written as they were decoded.
import * as encoding from "lib0/encoding";
import * as Y from "yjs";

type Struct = Y.Item | Y.GC | Y.Skip;

export function writeDecodedUpdate(decoded: ReturnType<typeof Y.decodeUpdate>): Uint8Array {
  const encoder = new Y.UpdateEncoderV1();
  const byClient = new Map<number, Struct[]>();
  for (const s of decoded.structs) {
    const list = byClient.get(s.id.client);
    if (list) list.push(s);
    else byClient.set(s.id.client, [s]);
  }
  const clients = [...byClient.entries()].sort((a, b) => b[0] - a[0]);
  encoding.writeVarUint(encoder.restEncoder, clients.length);
  for (const [client, structs] of clients) {
    structs.sort((a, b) => a.id.clock - b.id.clock);
    encoding.writeVarUint(encoder.restEncoder, structs.length);
    encoder.writeClient(client);
    encoding.writeVarUint(encoder.restEncoder, structs[0]!.id.clock);
    for (const s of structs) s.write(encoder, 0);
  }
  const deletions = [...decoded.ds.clients.entries()].sort((a, b) => b[0] - a[0]);
  encoding.writeVarUint(encoder.restEncoder, deletions.length);
  for (const [client, ranges] of deletions) {
    encoder.resetDsCurVal();
    encoding.writeVarUint(encoder.restEncoder, client);
    encoding.writeVarUint(encoder.restEncoder, ranges.length);
    for (const r of ranges) {
      encoder.writeDsClock(r.clock);
      encoder.writeDsLen(r.len);
    }
  }
  return encoder.toUint8Array();
}
