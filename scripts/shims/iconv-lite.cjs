// iconv-lite for the server bundle, where raw-body (twice, through koa-body and co-body) asks it only for a
// streaming decoder of a request's charset. The platform's TextDecoder knows the same charsets (UTF-8, UTF-16,
// GBK, GB18030, Big5, Shift_JIS...); the package's own tables were a seventh of the bundle's source, which V8
// holds in memory for as long as the server runs.
'use strict';

function getDecoder(encoding) {
  let decoder;
  try {
    decoder = new TextDecoder(String(encoding).trim().toLowerCase());
  } catch {
    // raw-body turns this message into "415 specified encoding unsupported".
    throw new Error(`Encoding not recognized: '${encoding}'`);
  }
  return {
    write: (chunk) => decoder.decode(chunk, { stream: true }),
    end: () => decoder.decode(),
  };
}

function encodingExists(encoding) {
  try {
    getDecoder(encoding);
    return true;
  } catch {
    return false;
  }
}

module.exports = { getDecoder, encodingExists };
