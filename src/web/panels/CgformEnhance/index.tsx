import type { PanelProps } from '../../renderer/panels';
import { RelatedRows } from '../RelatedRows';

/** How an enhancement is written: rules the server applies in the form's saves; nothing here is run as code. */
const HELP = (
  <div>
    <div>赋值：在新增或编辑保存时把「赋值字段」设为「赋值」——文字、{'#{now}'}、{'#{date}'}、{'#{sysUserCode}'}、{'#{sysUserName}'}、{'#{sysOrgCode}'} 或 {'${其他字段}'}。</div>
    <div>拒绝：条件成立时拒绝保存或删除，并提示「拒绝提示」。条件写作「字段 运算符 值」，如 <code>amount &gt; 1000</code>、<code>status in 2,3</code>；不填条件则总是生效。</div>
    <div>时机：保存前（start）的条件读取保存前的数据（新增时为提交的值），保存后（end）读取保存后的数据，拒绝时整次保存撤销。每个表单最多16条。</div>
  </div>
);

/** The enhancement records of the online form the row names (schema onl_cgform_enhance). */
export default function CgformEnhance({ row, onClose }: PanelProps) {
  return <RelatedRows code="onl_cgform_enhance" foreignKey="cgformHeadId" rowId={String(row?.id ?? '')} title="表单增强" subject={String(row?.tableTxt ?? row?.tableName ?? '')} help={HELP} onClose={() => onClose(false)} />;
}
