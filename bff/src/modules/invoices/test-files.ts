// Tiny real files for the receipt tests, made on the spot: a JPEG (jpeg-js's encoder), and the PNG and PDF the demo
// data uses too (demo-files.ts), each one a reader opens.
import jpeg from 'jpeg-js';

export { tinyPdf, tinyPng } from './demo-files.ts';

/** A `width` × `height` JPEG of one colour. */
export function tinyJpeg(width = 8, height = 8): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([0x33, 0xaa, 0x77, 0xff], i);
  return Buffer.from(jpeg.encode({ data, width, height }, 80).data);
}

/** The first bytes of a Linux program (an ELF header), padded: what a renamed executable starts with. */
export function elfExecutable(): Buffer {
  const header = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]);
  const rest = Buffer.alloc(4096);
  rest.writeUInt16LE(2, 8); // e_type: an executable
  rest.writeUInt16LE(0x3e, 10); // e_machine: x86-64
  return Buffer.concat([header, rest]);
}

/** A form with one file in the field `file`, as a browser sends it. */
export function fileForm(data: Buffer, fileName: string, type: string): FormData {
  const form = new FormData();
  form.append('file', new Blob([data], { type }), fileName);
  return form;
}
