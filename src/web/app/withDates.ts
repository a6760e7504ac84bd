/** A lazily loaded page that may show dates: dayjs's Chinese locale is set before it renders (not in the login page's download). */
export const withDates = <T>(load: () => Promise<T>) => () => Promise.all([import('./dayjs-locale'), load()]).then(([, page]) => page);
