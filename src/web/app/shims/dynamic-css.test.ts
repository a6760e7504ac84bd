// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { removeCSS, updateCSS } from './dynamic-css';

const styles = () => [...document.head.querySelectorAll('style')];

describe('updateCSS (the antd style shim)', () => {
  afterEach(() => { document.head.innerHTML = ''; });

  it('places a style once and answers the same element without reading the page again while it is unchanged', () => {
    const first = updateCSS('.a{color:red}', 'k1', { mark: 'data-css-hash', prepend: 'queue' });
    const children = vi.spyOn(document.head, 'children', 'get');
    expect(updateCSS('.a{color:red}', 'k1', { mark: 'data-css-hash', prepend: 'queue' })).toBe(first);
    expect(children).not.toHaveBeenCalled();
    children.mockRestore();
    expect(styles()).toHaveLength(1);
    expect(first.getAttribute('data-css-hash')).toBe('k1');
  });

  it('rewrites a style whose text changed, and keeps styles of other keys and marks apart', () => {
    const node = updateCSS('.a{color:red}', 'k1', { mark: 'data-css-hash' });
    expect(updateCSS('.a{color:blue}', 'k1', { mark: 'data-css-hash' })).toBe(node);
    expect(node.innerHTML).toBe('.a{color:blue}');
    updateCSS('.b{}', 'k2', { mark: 'data-css-hash' });
    updateCSS('.a{color:blue}', 'k1', { mark: 'data-token-hash' });
    expect(styles()).toHaveLength(3);
  });

  it('places a style again once it was removed, by removeCSS or by anyone', () => {
    const node = updateCSS('.a{}', 'k1', { mark: 'data-css-hash' });
    removeCSS('k1', { mark: 'data-css-hash' });
    expect(styles()).toHaveLength(0);
    const again = updateCSS('.a{}', 'k1', { mark: 'data-css-hash' });
    expect(again).not.toBe(node);
    again.remove();
    expect(updateCSS('.a{}', 'k1', { mark: 'data-css-hash' }).isConnected).toBe(true);
    expect(styles()).toHaveLength(1);
  });

  it('follows a new nonce', () => {
    const node = updateCSS('.a{}', 'k1', { mark: 'data-css-hash', csp: { nonce: 'n1' } });
    updateCSS('.a{}', 'k1', { mark: 'data-css-hash', csp: { nonce: 'n2' } });
    expect(node.nonce).toBe('n2');
  });
});
