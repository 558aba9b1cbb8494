import UIKit

/// A screen wired as a view controller wires it: a map with one-finger zoom, a knob that counts
/// tip-taps and turns, a Buy button, and a bottom sheet whose drag waits for its list's own pan to
/// fail, with a press-and-hold on the list; each with a `#selector` target. It logs what each
/// action reads.
class SheetController: NSObject, TipTapGestureRecognizerDelegate {
    let window: UIWindow
    let map = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 180))
    let sheet = UIView(frame: CGRect(x: 0, y: 300, width: 390, height: 544))
    let list: UIScrollView
    let buyButton: UIButton
    let sheetPan = UIPanGestureRecognizer()
    let hold = PressAndHoldGestureRecognizer()
    let tipTap = TipTapGestureRecognizer()
    let zoom = TapAndDragGestureRecognizer()
    let knob = UIView(frame: CGRect(x: 250, y: 40, width: 100, height: 100))
    let knobTurn = KnobGestureRecognizer()
    @objc private(set) var log: [String] = []

    init(window: UIWindow) {
        self.window = window
        list = UIScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 544))
        list.contentSize = CGSize(width: 390, height: 3000)
        buyButton = UIButton(type: .system)
        buyButton.frame = CGRect(x: 20, y: 200, width: 160, height: 44)
        super.init()
        window.addSubview(map)
        window.addSubview(knob)
        window.addSubview(buyButton)
        window.addSubview(sheet)
        sheet.addSubview(list)

        sheetPan.addTarget(self, action: #selector(sheetDragged(_:)))
        sheetPan.require(toFail: list.panGestureRecognizer)
        sheet.addGestureRecognizer(sheetPan)

        hold.addTarget(self, action: #selector(held(_:)))
        list.addGestureRecognizer(hold)

        buyButton.addTarget(self, action: #selector(buy(_:)), for: .touchUpInside)

        zoom.addTarget(self, action: #selector(zoomed(_:)))
        map.addGestureRecognizer(zoom)

        tipTap.tipTapDelegate = self
        tipTap.addTarget(self, action: #selector(tipTapped(_:)))
        knob.addGestureRecognizer(tipTap)
        knobTurn.addTarget(self, action: #selector(turned))
        knob.addGestureRecognizer(knobTurn)
    }

    @objc func sheetDragged(_ pan: UIPanGestureRecognizer) {
        log.append("sheet \(pan.state) \(Int(pan.translation(in: window).y))")
    }

    @objc func held(_ press: PressAndHoldGestureRecognizer) {
        log.append("hold \(press.state) at \(Int(press.startPoint.x)),\(Int(press.startPoint.y))")
    }

    @IBAction func buy(_ sender: UIButton) {
        log.append("buy \(sender === buyButton)")
    }

    @objc func tipTapped(_ recognizer: TipTapGestureRecognizer) {
        log.append("tiptap \(recognizer.state) count \(recognizer.tapCount)")
    }

    @objc func zoomed(_ recognizer: TapAndDragGestureRecognizer) {
        log.append("zoom \(recognizer.state) \(Int(recognizer.translation.x)),\(Int(recognizer.translation.y))")
    }

    @objc func turned() {
        log.append("knob \(knobTurn.state) \(Int((knobTurn.angle * 180 / .pi).rounded()))°")
    }

    func tipTap(_ recognizer: TipTapGestureRecognizer, didFinishWith style: TipTapStyle) {
        log.append("tiptap finished \(style.rawValue)")
    }
}
