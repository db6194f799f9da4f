import KeyformCore
import KeyformGLib

/// `org.a11y.atspi.Component`: where an object is, what is under a point, and focus. Frames
/// are the core's, in logical window coordinates; AT-SPI asks in screen, window or parent
/// coordinates, all in the screen's pixels (the window's scale times the logical units).
extension AccessibleServer {
    func componentCall(_ method: String, on id: AccessibleID, node: AccessibleNode, _ arguments: DBusArguments) -> Reply {
        switch method {
        case "GetExtents":
            let frame = extents(of: id, node: node, in: arguments.uint(0))
            return .value(.tuple([.int(Int(frame.x)), .int(Int(frame.y)), .int(Int(frame.width)), .int(Int(frame.height))]))
        case "GetPosition":
            let frame = extents(of: id, node: node, in: arguments.uint(0))
            return .values([.int(Int(frame.x)), .int(Int(frame.y))])
        case "GetSize": return .values([.int(Int(node.frame.width * scale())), .int(Int(node.frame.height * scale()))])
        case "Contains":
            let point = windowPoint(arguments.int(0), arguments.int(1), of: id, in: arguments.uint(2))
            return .value(.bool(node.frame.contains(point)))
        case "GetAccessibleAtPoint":
            let point = windowPoint(arguments.int(0), arguments.int(1), of: id, in: arguments.uint(2))
            // The field there, if this object holds it: the deepest, as GTK answers.
            let under = session.accessibleObject(at: point)
            let held = sequence(first: under) { self.session.accessibleParent(of: $0) }.dropFirst().contains(id)
            return .value(node.frame.contains(point) && held ? reference(under) : nullReference)
        case "GetLayer": return .value(.uint32(id == .window ? 7 : 3))  // ATSPI_LAYER_WINDOW, ATSPI_LAYER_WIDGET
        case "GetMDIZOrder": return .value(.int16(0))
        case "GrabFocus": return .value(.bool(session.focusAccessible(id)))
        case "GetAlpha": return .value(.double(1))
        default: return .failure("no method \(method)")
        }
    }

    /// A frame in logical window coordinates, in the coordinates AT-SPI asked for.
    func convert(_ frame: Rect, of id: AccessibleID, to type: UInt32) -> Rect {
        let origin = self.origin(of: id, in: type), scale = self.scale()
        return Rect(x: frame.x * scale - origin.x, y: frame.y * scale - origin.y, width: frame.width * scale, height: frame.height * scale)
    }

    private func extents(of id: AccessibleID, node: AccessibleNode, in type: UInt32) -> Rect { convert(node.frame, of: id, to: type) }

    /// A point AT-SPI gave in some coordinates, in logical window coordinates.
    private func windowPoint(_ x: Int, _ y: Int, of id: AccessibleID, in type: UInt32) -> Point {
        let origin = self.origin(of: id, in: type), scale = self.scale()
        return Point(x: (Double(x) + origin.x) / scale, y: (Double(y) + origin.y) / scale)
    }

    /// Where the origin of `type`'s coordinates is, in window coordinates in the screen's pixels.
    private func origin(of id: AccessibleID, in type: UInt32) -> Point {
        switch CoordinateType(rawValue: type) {
        case .screen?:
            let screen = screenOrigin()
            return Point(x: -screen.x, y: -screen.y)
        case .parent?:
            let parent = session.accessibleParent(of: id).flatMap(session.accessibleNode)?.frame ?? .zero
            return Point(x: parent.x * scale(), y: parent.y * scale())
        default:
            return .zero
        }
    }
}
