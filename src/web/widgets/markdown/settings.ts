/** The same writing height as the rich editor (SPEC §9: 300). */
export const MARKDOWN_HEIGHT = 300;
