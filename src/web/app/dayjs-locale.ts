import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

// Imported before the pages that show dates (App.tsx withDates): the login page does without it.
dayjs.locale('zh-cn');
