// Wraps a response body so the caller learns when it ends: read to the end, failed, or
// cancelled by the client (a closed SSE connection).

/** A stream that yields `body`'s chunks and calls `onEnd` once, however the stream ends. */
export function onStreamEnd(
  body: ReadableStream<Uint8Array>,
  onEnd: () => void,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let ended = false;
  const end = () => {
    if (!ended) {
      ended = true;
      onEnd();
    }
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          end();
          controller.close();
        } else {
          controller.enqueue(value);
        }
      } catch (e) {
        end();
        controller.error(e);
      }
    },
    async cancel(reason) {
      end();
      await reader.cancel(reason);
    },
  });
}
