import { Modal, Slider, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';

/** The stored avatar's side, in pixels. */
export const AVATAR_SIZE = 256;

interface Props {
  file: File | null;
  onCancel: () => void;
  /** The square PNG cropped from the picture. */
  onCropped: (png: Blob) => void;
}

/**
 * Crops a picture to a square avatar on a canvas: the largest centred square by default, made
 * smaller with 缩放 and moved with the two position sliders; the preview is what is uploaded.
 */
export default function AvatarCropper({ file, onCancel, onCropped }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [zoom, setZoom] = useState(1);
  const [pos, setPos] = useState({ x: 50, y: 50 });

  useEffect(() => {
    if (!file) { setImage(null); return; }
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => { setImage(img); setZoom(1); setPos({ x: 50, y: 50 }); };
    img.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);

  useEffect(() => {
    const c = canvas.current;
    if (!c || !image) return;
    const side = Math.min(image.width, image.height) / zoom;
    const sx = ((image.width - side) * pos.x) / 100;
    const sy = ((image.height - side) * pos.y) / 100;
    const ctx = c.getContext('2d')!;
    ctx.clearRect(0, 0, AVATAR_SIZE, AVATAR_SIZE);
    ctx.drawImage(image, sx, sy, side, side, 0, 0, AVATAR_SIZE, AVATAR_SIZE);
  }, [image, zoom, pos]);

  const confirm = () => canvas.current?.toBlob((b) => { if (b) onCropped(b); }, 'image/png');

  return (
    <Modal open={!!file} title="裁剪头像" onCancel={onCancel} onOk={confirm} okText="确定" cancelText="取消" width={420} destroyOnClose>
      <div style={{ textAlign: 'center' }}>
        <canvas ref={canvas} width={AVATAR_SIZE} height={AVATAR_SIZE} className="avatar-crop-canvas" style={{ borderRadius: '50%', border: '1px solid #f0f0f0' }} />
      </div>
      <Typography.Text>缩放</Typography.Text>
      <Slider min={1} max={4} step={0.05} value={zoom} onChange={setZoom} />
      <Typography.Text>水平位置</Typography.Text>
      <Slider min={0} max={100} value={pos.x} onChange={(x) => setPos((p) => ({ ...p, x }))} />
      <Typography.Text>垂直位置</Typography.Text>
      <Slider min={0} max={100} value={pos.y} onChange={(y) => setPos((p) => ({ ...p, y }))} />
    </Modal>
  );
}
