// QR code (stub until the encoder lands)
export function drawQr() {}
