import { theme, type ThemeConfig } from 'antd';
import { readableOn } from './contrast';

/**
 * The back office's antd theme. Every text colour reaches the 4.5:1 contrast of WCAG 2.1 AA
 * (issue 43): the chosen 主题色 is darkened as far as needed (white on a primary button, primary
 * links and tabs on white), and the grey text tokens antd derives at 45 % and 25 % black (captions,
 * breadcrumbs, placeholders, 3.4:1 and 1.9:1 on white) are set darker.
 */
export function backOfficeTheme(primaryColor: string): ThemeConfig {
  const primary = readableOn(primaryColor);
  const token: ThemeConfig['token'] = {
    colorPrimary: primary,
    colorLink: primary,
    borderRadius: 4,
    // 60 % black: 5.7:1 on white, 5.2:1 on the #f5f5f5 of the page header.
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    // 55 % black: 4.7:1 on white.
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    // antd's #ff4d4f is 3.3:1 on white: danger links and error messages are text.
    colorError: readableOn('#ff4d4f'),
  };
  return { algorithm: theme.defaultAlgorithm, token, components: { Tag: readableTags(token) } };
}

/** antd's preset tag colours (the `color` of a Tag other than a status). */
const TAG_COLOURS = ['red', 'volcano', 'orange', 'gold', 'yellow', 'lime', 'green', 'cyan', 'blue', 'geekblue', 'purple', 'magenta', 'pink'] as const;

/**
 * A tag's text on its own pale background: antd draws a preset tag in the palette's 7th shade on its
 * 1st (green 3.4:1, gold 2.8:1) and a status tag in the status colour on its light variant (warning
 * 1.8:1, success 2.2:1). For tags only, each text colour is darkened to 4.5:1 on its background.
 */
function readableTags(token: ThemeConfig['token']): Record<string, string> {
  const t = theme.getDesignToken({ token }) as unknown as Record<string, string>;
  const tag: Record<string, string> = {};
  for (const c of TAG_COLOURS) tag[`${c}7`] = readableOn(t[`${c}7`], t[`${c}1`]);
  for (const s of ['Success', 'Info', 'Warning', 'Error']) tag[`color${s}`] = readableOn(t[`color${s}`], t[`color${s}Bg`]);
  return tag;
}
