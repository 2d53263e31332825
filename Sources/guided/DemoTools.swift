import Foundation
import Guided

/// The tools `guided chat --demo-tools` offers the model, so a person can watch a call happen:
/// today's date, and a calculator.
enum DemoTools {
    static let all: [any Tool] = [CurrentDate(), Calculator()]

    /// Today's date in UTC, with its weekday.
    struct CurrentDate: Tool {
        struct Arguments: Generable {}

        let name = "current_date"
        let description = "Gives today's date and weekday."

        func call(arguments: Arguments) async throws -> String {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "EEEE, d MMMM yyyy"
            return formatter.string(from: Date())
        }
    }

    /// Arithmetic on decimal numbers: `+ - * /`, parentheses and a leading minus.
    struct Calculator: Tool {
        struct Arguments: Generable {
            @Guide(description: "An arithmetic expression, e.g. (17.5 / 100) * 2340", .length(1...200))
            var expression = ""
        }

        /// An expression the calculator cannot evaluate.
        struct Unreadable: Error, CustomStringConvertible {
            let description: String
        }

        let name = "calculator"
        let description = "Evaluates an arithmetic expression with + - * / and parentheses."

        func call(arguments: Arguments) async throws -> String {
            var reader = ArithmeticReader(Array(arguments.expression))
            let value = try reader.expression()
            guard reader.symbol() == nil else { throw Unreadable(description: "unexpected text at \(reader.position)") }
            guard value.isFinite else { throw Unreadable(description: "the result is not a finite number") }
            return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        }
    }

    /// A recursive-descent reader of `expression := term (("+"|"-") term)*`,
    /// `term := factor (("*"|"/") factor)*`, `factor := "-" factor | "(" expression ")" | number`,
    /// at most 50 parentheses deep; spaces between symbols are skipped, not inside a number.
    struct ArithmeticReader {
        let text: [Character]
        var position = 0
        var depth = 0

        init(_ text: [Character]) { self.text = text }

        mutating func expression() throws -> Double {
            var value = try term()
            while let operation = symbol(), operation == "+" || operation == "-" {
                position += 1
                value = operation == "+" ? value + (try term()) : value - (try term())
            }
            return value
        }

        mutating func term() throws -> Double {
            var value = try factor()
            while let operation = symbol(), operation == "*" || operation == "/" {
                position += 1
                value = operation == "*" ? value * (try factor()) : value / (try factor())
            }
            return value
        }

        mutating func factor() throws -> Double {
            if symbol() == "-" {
                position += 1
                return -(try factor())
            }
            if symbol() == "(" {
                depth += 1
                guard depth <= 50 else { throw Calculator.Unreadable(description: "parentheses nest too deep") }
                position += 1
                let value = try expression()
                guard symbol() == ")" else { throw Calculator.Unreadable(description: "a parenthesis is not closed") }
                position += 1
                depth -= 1
                return value
            }
            let start = position
            while let digit = peek, digit.isNumber || digit == "." { position += 1 }
            guard let number = Double(String(text[start..<position])) else {
                throw Calculator.Unreadable(description: "expected a number at \(start)")
            }
            return number
        }

        var peek: Character? { position < text.count ? text[position] : nil }

        /// The next character that is not a space, moving past the spaces; nil at the end.
        mutating func symbol() -> Character? {
            while let next = peek, next.isWhitespace { position += 1 }
            return peek
        }
    }
}
