import { BUTTON_ICON_NAMES } from '../../renderer/customButtons';
import type { PanelProps } from '../../renderer/panels';
import { RelatedRows } from '../RelatedRows';

/** How a button is written: data only, read by the server; nothing here is run as code. */
const HELP = (
  <div>
    <div>样式：按钮（button）显示在工具栏，作用于选中行；链接（link）显示在每行的操作列。每个表单最多16个按钮，编码不能用 add、edit、delete 等内置编码。</div>
    <div>显示条件：「字段 运算符 值」，如 <code>status == 1</code>、<code>amount &gt;= 100</code>、<code>level in L,M</code>、<code>remark not empty</code>。</div>
    <div>打开链接：<code>https://…</code> 或站内路径 <code>/…</code>，可用 <code>{'${字段}'}</code> 取当前行的值。</div>
    <div>更新数据：JSON，如 <code>{'{"status": "2", "auditBy": "#{sysUserCode}", "auditTime": "#{now}"}'}</code>；可用 {'#{now}'}、{'#{date}'}、{'#{sysUserCode}'}、{'#{sysUserName}'}、{'#{sysOrgCode}'} 或 {'${字段}'}。</div>
    <div>图标：{BUTTON_ICON_NAMES.join('、')}。</div>
    <div>权限编码为 <code>online:表名:按钮编码</code>，「添加到菜单」时一并生成。</div>
  </div>
);

/** The custom buttons of the online form the row names (schema onl_cgform_button). */
export default function CgformButtons({ row, onClose }: PanelProps) {
  return <RelatedRows code="onl_cgform_button" foreignKey="cgformHeadId" rowId={String(row?.id ?? '')} title="自定义按钮" subject={String(row?.tableTxt ?? row?.tableName ?? '')} help={HELP} onClose={() => onClose(false)} />;
}
