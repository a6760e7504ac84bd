/** A field row of an online-form design as the designer sends it (JeecgBoot's onl_cgform_field), text by default. */
export const designField = (dbFieldName: string, more: Record<string, unknown> = {}) => ({
  dbFieldName, dbFieldTxt: dbFieldName, dbType: 'string', dbLength: 64, isShowForm: 1, isShowList: 1, ...more,
});
