// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STATIC_BASE } from '../../app/config';
import { FakeXhr, installFakeXhr, renderView } from '../file/upload-test-kit';
import { COMPRESS_ABOVE } from './compress';
import { imageCell } from '.';

const LOGO = 'banner/logo_1700000000000.png';
const PHOTO = 'banner/合影_1700000000001.jpg';

beforeEach(installFakeXhr);
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

const pick = (input: HTMLInputElement | null, ...files: File[]) => fireEvent.change(input!, { target: { files } });
const cards = (container: HTMLElement) => [...container.querySelectorAll('.ant-upload-list-item')] as HTMLElement[];
const card = (container: HTMLElement, name: string) => cards(container).find((c) => c.querySelector(`img[alt="${name}"]`))!;

describe('image view', () => {
  it('echoes stored images as picture cards under the default text', async () => {
    const { container } = await renderView('image', {}, `${LOGO},${PHOTO}`);
    expect(container.querySelector('.ant-upload-list-picture-card')).not.toBeNull();
    const imgs = cards(container).map((c) => c.querySelector('img')!);
    expect(imgs.map((i) => [i.getAttribute('alt'), i.getAttribute('src')])).toEqual([
      ['logo.png', `${STATIC_BASE}/${LOGO}`],
      ['合影.jpg', `${STATIC_BASE}/${PHOTO}`],
    ]);
    expect(screen.getByText('点击上传')).toBeTruthy();
  });

  it('refuses anything but an image with 请上传图片 and drops it', async () => {
    const { form, container, input } = await renderView('image', {}, LOGO);
    expect(input()!.getAttribute('accept')).toBe('image/*');
    pick(input(), new File(['%PDF'], '合同.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('请上传图片')).toBeTruthy();
    pick(input(), new File(['<svg/>'], 'icon.svg', { type: 'image/svg+xml' }));
    await waitFor(() => expect(screen.getAllByText('请上传图片')).toHaveLength(2));
    expect(FakeXhr.sent).toHaveLength(0);
    expect(cards(container)).toHaveLength(1);
    expect(form.values.f).toBe(LOGO);
  });

  it('uploads a small image as picked to extend.biz and shows it as a card', async () => {
    const { form, container, input } = await renderView('image', { biz: 'banner' });
    const picked = new File([new Uint8Array(2048)], '新图.png', { type: 'image/png' });
    pick(input(), picked);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0].biz).toBe('banner');
    expect(FakeXhr.sent[0].file.name).toBe('新图.png');
    expect(FakeXhr.sent[0].file.size).toBe(2048);
    act(() => FakeXhr.sent[0].stored('banner/新图_1700000000002.png'));
    await waitFor(() => expect(form.values.f).toBe('banner/新图_1700000000002.png'));
    expect(card(container, '新图.png').querySelector('img')!.getAttribute('src')).toBe(`${STATIC_BASE}/banner/新图_1700000000002.png`);
  });

  it('sends a GIF over the limit as it is: GIFs are not re-encoded', async () => {
    const { input } = await renderView('image');
    pick(input(), new File([new Uint8Array(COMPRESS_ABOVE + 10)], '动图.gif', { type: 'image/gif' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0].file.size).toBe(COMPRESS_ABOVE + 10);
    expect(FakeXhr.sent[0].file.type).toBe('image/gif');
  });

  it('names the failed image in the SPEC message', async () => {
    const { form, input } = await renderView('image', {}, LOGO);
    pick(input(), new File([new Uint8Array(10)], 'x.png', { type: 'image/png' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => FakeXhr.sent[0].onerror?.());
    expect(await screen.findByText('「x.png」上传失败')).toBeTruthy();
    expect(form.values.f).toBe(LOGO);
  });

  it('opens a stored image in the preview', async () => {
    const { container } = await renderView('image', {}, `${LOGO},${PHOTO}`);
    fireEvent.click(within(card(container, '合影.jpg')).getByTitle('Preview file'));
    const big = await waitFor(() => {
      const img = document.querySelector('.ant-image-preview-img');
      expect(img).not.toBeNull();
      return img!;
    });
    expect(big.getAttribute('src')).toBe(`${STATIC_BASE}/${PHOTO}`);
  });

  it('removes an image from the value without calling the server', async () => {
    const { form, container } = await renderView('image', {}, `${LOGO},${PHOTO}`);
    fireEvent.click(within(card(container, 'logo.png')).getByTitle('Remove file'));
    await waitFor(() => expect(form.values.f).toBe(PHOTO));
    expect(cards(container)).toHaveLength(1);
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('with uploadnum 1 picks one file and offers no card once it is there', async () => {
    const empty = await renderView('image', { uploadnum: 1 });
    expect(empty.input()!.hasAttribute('multiple')).toBe(false);
    cleanup();
    await renderView('image', { uploadnum: 1 }, LOGO);
    expect(screen.queryByText('点击上传')).toBeNull();
  });

  it('read-pretty: an empty value reads 「-」', async () => {
    const { container } = await renderView('image', {}, '', 'readPretty');
    expect(container.textContent).toBe('-');
    expect(container.querySelector('img')).toBeNull();
  });

  it('read-pretty (detail form): thumbnails of every image', async () => {
    const { container } = await renderView('image', {}, `${LOGO},${PHOTO}`, 'readPretty');
    const imgs = [...container.querySelectorAll('img')];
    expect(imgs.map((i) => i.getAttribute('src'))).toEqual([`${STATIC_BASE}/${LOGO}`, `${STATIC_BASE}/${PHOTO}`]);
    expect(imgs[0].getAttribute('width')).toBe('80');
    expect(container.querySelector('input[type=file]')).toBeNull();
  });

  it('list cell: the first image only, 40px high and lazily loaded', () => {
    const { container } = render(<div>{imageCell(`${LOGO},${PHOTO}`, {}, undefined as never)}</div>);
    const imgs = container.querySelectorAll('img');
    expect(imgs).toHaveLength(1);
    expect(imgs[0].getAttribute('src')).toBe(`${STATIC_BASE}/${LOGO}`);
    expect(imgs[0].getAttribute('loading')).toBe('lazy');
    expect(imgs[0].style.height).toBe('40px');
    expect(imageCell('', {}, undefined as never)).toBe('');
  });
});
