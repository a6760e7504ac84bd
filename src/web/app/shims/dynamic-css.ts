// @ant-design/cssinjs 1.x, under React 18, calls updateCSS from the insertion effect of every antd
// component it mounts, not once per style (its 2.x does it once a render). Each call listed the
// <head>'s style elements, looked for the one of its key among them and read that one's whole text
// back to compare (innerHTML: 70 KB for the grid's): a list page's ten rows of checkboxes, buttons
// and tooltips paid it hundreds of times on their first render (routes bench). A style this module
// placed and left unchanged answers at once here; anything else takes rc-util's own way.
// (alias in vite.config.ts: imports of `rc-util/es/Dom/dynamicCSS` come here.)
import { clearContainerCache, injectCSS, removeCSS as removeStyle, updateCSS as placeStyle } from 'rc-util/es/Dom/dynamicCSS.js';

type Options = NonNullable<Parameters<typeof placeStyle>[2]>;

interface Placed { node: HTMLElement; css: string; attachTo: Options['attachTo']; nonce: string | undefined }

const placed = new Map<string, Placed>();
const keyOf = (key: string, option: Options) => `${option.mark ?? ''}\n${key}`;

export function updateCSS(css: string, key: string, option: Options = {}): HTMLElement {
  const id = keyOf(key, option);
  const known = placed.get(id);
  if (known && known.css === css && known.attachTo === option.attachTo && known.nonce === option.csp?.nonce && known.node.isConnected) return known.node;
  const node = placeStyle(css, key, option);
  placed.set(id, { node, css, attachTo: option.attachTo, nonce: option.csp?.nonce });
  return node;
}

export function removeCSS(key: string, option: Options = {}): void {
  placed.delete(keyOf(key, option));
  removeStyle(key, option);
}

export { clearContainerCache, injectCSS };
