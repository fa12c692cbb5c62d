import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * The flat XML documents of the official account's message protocol: `<xml><Field>value</Field>...</xml>`,
 * strings in CDATA. Values are kept as strings (MsgId does not fit a JavaScript number), documents with a
 * DOCTYPE are refused outright (no entity tricks), and anything malformed reads as null, never a throw.
 */

export type XmlFields = Record<string, unknown>;

const parser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: true, processEntities: true, htmlEntities: false });
const CDATA = '#cdata';
const builder = new XMLBuilder({ cdataPropName: CDATA, format: false, ignoreAttributes: true, suppressEmptyNode: false });

/** The fields under `<xml>`, or null for anything that is not such a document. */
export function parseXml(text: string): XmlFields | null {
  if (!text.trim() || /<!DOCTYPE|<!ENTITY/i.test(text)) return null;
  if (XMLValidator.validate(text) !== true) return null;
  try {
    const doc = parser.parse(text) as { xml?: unknown };
    return doc.xml && typeof doc.xml === 'object' && !Array.isArray(doc.xml) ? (doc.xml as XmlFields) : null;
  } catch {
    return null;
  }
}

/** A field as text ('' when it is absent or not a plain value). */
export function field(fields: XmlFields, name: string): string {
  const value = fields[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** A value of a document to build: text goes into CDATA, numbers stay bare, objects nest, arrays repeat. */
export type XmlValue = string | number | XmlValue[] | { [name: string]: XmlValue };

function wrap(value: XmlValue): unknown {
  if (typeof value === 'string') return { [CDATA]: value };
  if (typeof value === 'number') return value;
  if (Array.isArray(value)) return value.map(wrap);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, wrap(v)]));
}

/** `<xml>…</xml>` of the given fields. */
export function buildXml(fields: Record<string, XmlValue>): string {
  return builder.build({ xml: wrap(fields) }) as string;
}
