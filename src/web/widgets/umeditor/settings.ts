/** SPEC §9: the rich editor's writing area is 300 px high. */
export const EDITOR_HEIGHT = 300;

/** Toolbar and the Word-import row above the writing area: the loading placeholder keeps their room. */
export const EDITOR_CHROME_HEIGHT = 82;

/** SPEC §9: font sizes 8pt to 36pt, stored inline as `font-size: …pt`. */
export const FONT_SIZES = ['8pt', '9pt', '10pt', '11pt', '12pt', '14pt', '16pt', '18pt', '20pt', '22pt', '24pt', '26pt', '28pt', '36pt'];
