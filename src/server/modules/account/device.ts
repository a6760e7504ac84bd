/** A short name of the browser and system a User-Agent describes, e.g. `Chrome 120 · Windows`. */
export function deviceOf(ua: string | undefined): string {
  if (!ua) return '未知设备';
  const browser = [
    [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'], [/MicroMessenger\/(\d+)/, '微信'], [/OPR\/(\d+)/, 'Opera'], [/Firefox\/(\d+)/, 'Firefox'],
    [/HeadlessChrome\/(\d+)/, 'Chrome Headless'], [/Chrome\/(\d+)/, 'Chrome'], [/Version\/(\d+).*Safari/, 'Safari'],
  ] as const;
  const system = [
    [/Windows/, 'Windows'], [/iPhone|iPad/, 'iOS'], [/Android/, 'Android'], [/Mac OS X/, 'macOS'], [/Linux/, 'Linux'],
  ] as const;
  const b = browser.map(([re, name]) => { const m = re.exec(ua); return m ? `${name} ${m[1]}` : null; }).find(Boolean);
  const s = system.find(([re]) => re.test(ua))?.[1];
  if (!b && !s) return ua.slice(0, 40);
  return [b ?? '其他浏览器', s ?? '其他系统'].join(' · ');
}
