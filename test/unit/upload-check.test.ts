import test from 'ava';
import { checkUpload, fileSuffix, isAllowedType, suffixList, toMiB, uploadRefusal } from '../../src/shared/upload.ts';
import {
  attachmentName,
  contentMatchesSuffix,
  expandSaveName,
  isCssColor,
  saveFileName,
  suffixLabel,
  suffixSvg,
  type SaveNameParts,
} from '../../src/server/services/upload.ts';

const limits = { maxSize: 1024, allowedSuffixes: 'jpg,png,.zip', allowedMimeTypes: ['audio/ogg'] };

test('pre-check: a file needs a name and a size', (t) => {
  t.deepEqual(checkUpload({ name: '', size: 10 }, limits), { ok: false, message: 'check.incomplete' });
  t.deepEqual(checkUpload({ name: 'a.png', size: Number.NaN }, limits), { ok: false, message: 'check.incomplete' });
  t.deepEqual(checkUpload({ name: 'a.png', size: 0 }, limits), { ok: false, message: 'check.incomplete' }, 'an empty file is refused before sending');
});

test('one refusal for every way a file arrives (picked, pasted, dropped): the limits, and images only where an image goes', (t) => {
  t.is(uploadRefusal({ name: 'a.png', size: 10 }, limits, true), null);
  t.is(uploadRefusal({ name: 'a.zip', size: 10 }, limits, false), null);
  t.is(uploadRefusal({ name: 'a.zip', size: 10 }, limits, true), 'check.typeNotAllowed', 'an allowed file that is no image');
  t.is(uploadRefusal({ name: 'a.exe', size: 10 }, limits, false), 'check.typeNotAllowed');
  t.is(uploadRefusal({ name: 'a.png', size: 1025 }, limits, true), 'check.tooLarge');
  t.is(uploadRefusal({ name: '', size: 10 }, limits, true), 'check.incomplete');
});

test('pre-check: the suffix (any case, list entries with or without a dot) or the MIME type must be allowed', (t) => {
  t.deepEqual(checkUpload({ name: 'PHOTO.PNG', size: 10 }, limits), { ok: true });
  t.deepEqual(checkUpload({ name: 'archive.ZIP', size: 10 }, limits), { ok: true }, '.zip in the list matches');
  t.deepEqual(checkUpload({ name: 'voice.oga', size: 10, type: 'audio/ogg' }, limits), { ok: true }, 'MIME alone is enough');
  t.deepEqual(checkUpload({ name: 'voice.oga', size: 10, type: 'AUDIO/OGG' }, limits), { ok: true });
  t.deepEqual(checkUpload({ name: 'run.exe', size: 10, type: 'application/x-msdownload' }, limits), { ok: false, message: 'check.typeNotAllowed' });
  t.deepEqual(checkUpload({ name: 'png', size: 10 }, limits), { ok: false, message: 'check.typeNotAllowed' }, 'no suffix at all');
  t.false(isAllowedType({ name: 'x.php', type: '' }, { allowedSuffixes: 'jpg', allowedMimeTypes: [] }));
  t.true(isAllowedType({ name: 'x.JPG' }, { allowedSuffixes: ' JPG , png', allowedMimeTypes: [] }));
});

test('pre-check: the size must not exceed the maximum', (t) => {
  t.deepEqual(checkUpload({ name: 'a.png', size: 1024 }, limits), { ok: true });
  t.deepEqual(checkUpload({ name: 'a.png', size: 1025 }, limits), { ok: false, message: 'check.tooLarge' });
  t.deepEqual(checkUpload({ name: 'a.exe', size: 5000 }, limits), { ok: false, message: 'check.typeNotAllowed' }, 'type is checked before size');
});

test('suffixes: lower-cased extension, "file" when missing or not alphanumeric', (t) => {
  t.is(fileSuffix('Photo.JPEG'), 'jpeg');
  t.is(fileSuffix('a.tar.gz'), 'gz');
  t.is(fileSuffix('README'), 'file');
  t.is(fileSuffix('odd.p-p'), 'file');
  t.is(fileSuffix('dir.v2/name'), 'file');
  t.is(fileSuffix('trailing.'), 'file');
  t.deepEqual(suffixList('jpg, .PNG,,zip '), ['jpg', 'png', 'zip']);
  t.is(toMiB(10 * 1024 * 1024), '10.00');
  t.is(toMiB(1536 * 1024), '1.50');
});

const parts = (over: Partial<SaveNameParts> = {}): SaveNameParts => ({
  topic: 'default',
  // 2024-10-15 08:05:03 in Shanghai.
  time: Date.UTC(2024, 9, 15, 0, 5, 3) / 1000,
  timeZone: 'Asia/Shanghai',
  fileName: 'photo',
  fileSha1: 'a'.repeat(40),
  suffix: 'png',
  random: (n) => 'r'.repeat(n),
  ...over,
});

test('save name: the default template', (t) => {
  t.is(
    expandSaveName('/storage/{topic}/{year}{mon}{day}/{fileName}{fileSha1}{.suffix}', parts()),
    `/storage/default/20241015/photo${'a'.repeat(40)}.png`,
  );
});

test('save name: every placeholder, in the configured time zone', (t) => {
  t.is(
    expandSaveName('/storage/{topic}/{year}-{mon}-{day}/{hour}{min}{sec}/{random}/{random32}/{fileName}.{suffix}', parts({ topic: 'news' })),
    `/storage/news/2024-10-15/080503/${'r'.repeat(8)}/${'r'.repeat(32)}/photo.png`,
  );
  t.is(expandSaveName('/storage/{year}{mon}{day}/{hour}', parts({ timeZone: 'UTC' })), '/storage/20241015/00');
});

test('save name: placeholders are case-sensitive and expanded once', (t) => {
  t.is(expandSaveName('/storage/{filename}{filesha1}{Suffix}', parts()), '/storage/{filename}{filesha1}{Suffix}');
  t.is(expandSaveName('/storage/{fileName}{.suffix}', parts({ fileName: '{topic}' })), '/storage/topic.png', 'a name never becomes a placeholder');
});

test('save name: the file name is cleaned and cut to 15 characters', (t) => {
  t.is(saveFileName("my photo:@#?&/=',+.final"), 'myphoto.final');
  t.is(saveFileName('<b>bold</b>name'), 'boldname');
  t.is(saveFileName('..\\..\\etc%2fpasswd'), 'etc2fpasswd');
  t.is(saveFileName('a'.repeat(20)), 'a'.repeat(15));
  t.is(saveFileName('大运河风光摄影作品集第一卷高清版本'), '大运河风光摄影作品集第一卷高清');
  t.is(expandSaveName('/storage/{fileName}{.suffix}', parts({ fileName: '../../x y' })), '/storage/xy.png');
});

test('attachment names keep the original, without tags or control characters, up to 100 characters', (t) => {
  t.is(attachmentName('My  <i>canal</i> photo', 'jpg'), 'My canal photo.jpg');
  t.is(attachmentName('x'.repeat(150), 'png'), `${'x'.repeat(100)}.png`);
  t.is(attachmentName('a\u202Egnp', 'exe'), 'agnp.exe');
});

test('content must agree with the suffix', (t) => {
  t.true(contentMatchesSuffix('png', 'png', 'png'));
  t.true(contentMatchesSuffix('jpeg', 'jpg', 'jpg'), 'jpg and jpeg are one format');
  t.true(contentMatchesSuffix('png', 'apng', 'png'));
  t.true(contentMatchesSuffix('zip', 'docx', undefined));
  t.true(contentMatchesSuffix('txt', undefined, undefined), 'text nobody can sniff is fine under a text suffix');
  t.false(contentMatchesSuffix('png', undefined, undefined), 'a script renamed to .png');
  t.false(contentMatchesSuffix('png', undefined, 'svg'), 'an SVG/HTML page renamed to .png');
  t.false(contentMatchesSuffix('png', 'jpg', 'jpg'));
  t.false(contentMatchesSuffix('zip', 'png', 'png'));
  t.false(contentMatchesSuffix('mp3', 'exe', undefined));
});

test('icon: label and colour checks', (t) => {
  t.is(suffixLabel('docx'), 'DOCX');
  t.is(suffixLabel('markdown'), 'MARK');
  t.is(suffixLabel('<s>"'), 'S');
  t.is(suffixLabel('!!'), 'FILE');
  for (const ok of ['red', 'RebeccaPurple', '#fff', '#ffffff80', 'rgb(1,2,3)', 'rgba(1, 2, 3, 0.5)', 'rgb(10% 20% 30% / .5)', 'hsl(120, 50%, 50%)', 'hsla(1turn 10% 10% / 50%)']) {
    t.true(isCssColor(ok), ok);
  }
  for (const bad of ['javascript:alert(1)', 'red;fill:url(x)', '#ggg', 'rgb(1,2)', 'url(#a)', 'notacolour', '"><script>', 'expression(alert(1))']) {
    t.false(isCssColor(bad), bad);
  }
  const svg = suffixSvg('pdf', '" onload="alert(1)');
  t.false(svg.includes('onload'));
  t.regex(svg, />PDF<\/text>/);
});
