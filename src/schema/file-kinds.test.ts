import { describe, expect, it } from 'vitest';
import { acceptedKinds, acceptMessage, contentAccepted, contentFitsName, extensionOf, nameAccepted } from './file-kinds';

const found = (detected: string | null, text = false) => ({ detected, text });

describe('file kinds a field accepts', () => {
  it('reads extend.accept, ignoring what it does not know', () => {
    expect(acceptedKinds({ accept: ['pdf'] })?.map((k) => k.label)).toEqual(['PDF']);
    expect(acceptedKinds({ accept: ['nope'] })).toBeNull();
    expect(acceptedKinds({})).toBeNull();
    expect(acceptMessage('商业计划书', acceptedKinds({ accept: ['pdf', 'office'] })!)).toBe('「商业计划书」只能上传PDF、Office文档文件');
  });

  it('judges a name by its extension and a file by what its content was found to be', () => {
    const pdf = acceptedKinds({ accept: ['pdf'] })!;
    expect(nameAccepted(pdf, '计划书.PDF')).toBe(true);
    expect(nameAccepted(pdf, '计划书.docx')).toBe(false);
    expect(contentAccepted(pdf, found('pdf'))).toBe(true);
    expect(contentAccepted(pdf, found(null, true))).toBe(false);
    expect(contentAccepted(pdf, found('exe'))).toBe(false);
    expect(contentAccepted(acceptedKinds({ accept: ['image'] })!, found('png'))).toBe(true);
    const office = acceptedKinds({ accept: ['office'] })!;
    for (const c of ['docx', 'xlsx', 'pptx', 'zip', 'cfb']) expect(contentAccepted(office, found(c)), c).toBe(true);
    expect(contentAccepted(acceptedKinds({ accept: ['text'] })!, found(null, true))).toBe(true);
    expect(contentAccepted(acceptedKinds({ accept: ['text'] })!, found(null, false))).toBe(false);
  });
});

describe('content against the name it came with', () => {
  it('refuses a program named .pdf, a text named .docx, a binary named .txt', () => {
    expect(contentFitsName('计划书.pdf', found('exe'))).toBe(false);
    expect(contentFitsName('计划书.pdf', found(null, true))).toBe(false);
    expect(contentFitsName('计划书.pdf', found('pdf'))).toBe(true);
    expect(contentFitsName('a.docx', found(null, true))).toBe(false);
    expect(contentFitsName('a.txt', found('exe'))).toBe(false);
    expect(contentFitsName('a.csv', found(null, false))).toBe(false);
  });
  it('takes Office files by their container, images as any image, text without a signature', () => {
    for (const [name, c] of [['a.docx', 'docx'], ['a.xlsx', 'zip'], ['a.doc', 'cfb'], ['a.xls', 'cfb'], ['a.ppt', 'cfb'], ['a.pptx', 'pptx'], ['a.jpg', 'png'], ['a.JPEG', 'jpg'], ['a.ico', 'ico']] as const) {
      expect(contentFitsName(name, found(c)), name).toBe(true);
    }
    expect(contentFitsName('a.doc', found('exe'))).toBe(false);
    expect(contentFitsName('名单.csv', found(null, true))).toBe(true);
    // A text whose first letters look like a signature ("BM…") is still text.
    expect(contentFitsName('名单.csv', found('bmp', true))).toBe(true);
  });
  it('leaves names it does not check alone: they are only ever downloaded', () => {
    expect(contentFitsName('a.exe', found('exe'))).toBe(true);
    expect(contentFitsName('data.bin', found(null, false))).toBe(true);
    expect(contentFitsName('noext', found('pdf'))).toBe(true);
  });
  it('reads the extension of the last path part only', () => {
    expect(extensionOf('C:\\a.b\\报告.PDF')).toBe('pdf');
    expect(extensionOf('.htaccess')).toBe('');
    expect(extensionOf('a.tar.gz')).toBe('gz');
  });
});
