import type { Readable } from 'node:stream';
import { zipStream } from './zipStream.ts';

/**
 * A workbook of one sheet of text cells (Office Open XML, ECMA-376 SpreadsheetML: inline strings, one default
 * style), written as it is read: the rows are pulled a batch at a time only when the reader has taken what came
 * before (zipStream), so a sheet of any length costs the memory of a batch.
 */

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOCUMENT_RELATION = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const CONTENT_TYPES =
  `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '</Types>';

const PACKAGE_RELS = `${XML}<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${DOCUMENT_RELATION}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const WORKBOOK_RELS =
  `${XML}<Relationships xmlns="${RELATIONSHIPS}">` +
  `<Relationship Id="rId1" Type="${DOCUMENT_RELATION}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${DOCUMENT_RELATION}/styles" Target="styles.xml"/>` +
  '</Relationships>';

/** The one style every cell has: spreadsheet programs read a workbook without one less reliably. */
const STYLES =
  `${XML}<styleSheet xmlns="${MAIN}">` +
  '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

/** Characters XML 1.0 cannot hold at all (controls but tab and line ends, lone surrogates, U+FFFE/F) are left out. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function xmlText(text: string): string {
  return text.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function rowXml(number: number, cells: readonly string[]): string {
  let xml = `<row r="${number}">`;
  cells.forEach((text, i) => {
    if (text !== '') xml += `<c r="${columnName(i)}${number}" t="inlineStr"><is><t xml:space="preserve">${xmlText(text)}</t></is></c>`;
  });
  return `${xml}</row>`;
}

async function* sheetXml(header: readonly string[], batches: AsyncIterable<readonly (readonly string[])[]>): AsyncGenerator<string> {
  yield `${XML}<worksheet xmlns="${MAIN}"><sheetData>${rowXml(1, header)}`;
  let number = 1;
  for await (const batch of batches) {
    let xml = '';
    for (const cells of batch) xml += rowXml(++number, cells);
    yield xml;
  }
  yield '</sheetData></worksheet>';
}

/** A sheet's name as spreadsheets accept it: 31 characters at most, none of \ / ? * [ ] :. */
function sheetName(name: string): string {
  return name.replace(/[\\/?*[\]:]/g, ' ').trim().slice(0, 31) || 'Sheet1';
}

/** The workbook of `header` then every row of `batches` (each row a list of cell texts), as a stream. */
export function xlsxWorkbook(name: string, header: readonly string[], batches: AsyncIterable<readonly (readonly string[])[]>): Readable {
  const workbook = `${XML}<workbook xmlns="${MAIN}" xmlns:r="${DOCUMENT_RELATION}"><sheets><sheet name="${xmlText(sheetName(name))}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
  return zipStream([
    { name: '[Content_Types].xml', content: CONTENT_TYPES },
    { name: '_rels/.rels', content: PACKAGE_RELS },
    { name: 'xl/workbook.xml', content: workbook },
    { name: 'xl/_rels/workbook.xml.rels', content: WORKBOOK_RELS },
    { name: 'xl/styles.xml', content: STYLES },
    { name: 'xl/worksheets/sheet1.xml', content: sheetXml(header, batches) },
  ]);
}
