import UploadEditor, { type UploadEditorProps } from '../file/UploadEditor';
import { compressImage } from './compress';

/** The `image` view's editor: picture cards, images only, large ones compressed before upload. */
export default function ImageEditor(props: Omit<UploadEditorProps, 'pictures' | 'prepare' | 'fileType'>) {
  return <UploadEditor {...props} fileType="image" pictures prepare={compressImage} />;
}
