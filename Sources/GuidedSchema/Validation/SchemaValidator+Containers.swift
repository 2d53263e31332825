/// Arrays, objects and what their keywords evaluated.
extension SchemaValidator {
    mutating func checkArray(
        _ elements: [GeneratedContent], _ c: ArrayConstraints, _ value: GeneratedContent, _ pointer: JSONPointer
    ) -> Evaluated {
        if let min = c.minItems, elements.count < min {
            report(pointer, "minItems", "at least \(min) items", value, elements.count)
        }
        if let max = c.maxItems, elements.count > max {
            report(pointer, "maxItems", "at most \(max) items", value, elements.count)
        }
        depth += 1
        for (index, element) in elements.enumerated() {
            let node = index < c.prefixItems.count ? c.prefixItems[index] : c.items
            _ = check(element, against: node, at: pointer.appending(index))
        }
        var evaluated = Evaluated.empty
        evaluated.prefixItems = min(elements.count, c.prefixItems.count)
        evaluated.allItems = !c.itemsOmitted && elements.count > c.prefixItems.count
        if let contains = c.contains {
            var matched: [Int] = []
            for (index, element) in elements.enumerated()
            where matching(element, contains, pointer.appending(index)) != nil {
                matched.append(index)
            }
            evaluated.containedItems = Set(matched)
            let minimum = c.minContains ?? 1
            if matched.count < minimum {
                let keyword = c.minContains == nil ? "contains" : "minContains"
                report(pointer, keyword, "at least \(minimum) items matching \"contains\"", value, matched.count)
            }
            if let maximum = c.maxContains, matched.count > maximum {
                report(pointer, "maxContains", "at most \(maximum) items matching \"contains\"", value, matched.count)
            }
        }
        depth -= 1
        if c.uniqueItems {
            var seen: [String: Int] = [:]
            for (index, element) in elements.enumerated() {
                if let first = seen.updateValue(index, forKey: JSONEquality.key(element)) {
                    report(
                        pointer, "uniqueItems", "items that are all different (items \(first) and \(index) are equal)",
                        value)
                    break
                }
            }
        }
        return evaluated
    }

    mutating func checkObject(
        _ properties: [GeneratedContent.Property], _ c: ObjectConstraints, _ value: GeneratedContent,
        _ pointer: JSONPointer
    ) -> Evaluated {
        let present = Set(properties.map(\.name))
        for property in c.properties where property.isRequired && !present.contains(property.name) {
            report(pointer, "required", "a property \"\(property.name)\"", value)
        }
        for name in c.additionalRequired where !present.contains(name) {
            report(pointer, "required", "a property \"\(name)\"", value)
        }
        if let min = c.minProperties, properties.count < min {
            report(pointer, "minProperties", "at least \(min) properties", value, properties.count)
        }
        if let max = c.maxProperties, properties.count > max {
            report(pointer, "maxProperties", "at most \(max) properties", value, properties.count)
        }
        for dependency in c.dependentRequired where present.contains(dependency.property) {
            for name in dependency.required where !present.contains(name) {
                report(
                    pointer, "dependentRequired", "a property \"\(name)\" (\"\(dependency.property)\" requires it)",
                    value)
            }
        }
        var evaluated = Evaluated.empty
        depth += 1
        for property in properties {
            let at = pointer.appending(property.name)
            var matched = false
            if let declared = c.property(named: property.name) {
                _ = check(property.value, against: declared.schema, at: at)
                matched = true
            }
            for patternProperty in c.patternProperties
            where pattern(patternProperty.pattern)?.matches(property.name) != false {
                _ = check(property.value, against: patternProperty.schema, at: at)
                matched = true
            }
            if !matched {
                if c.additionalProperties.kind == .nothing {
                    report(
                        at, "additionalProperties", "no property \"\(property.name)\" (not in the schema)",
                        property.value)
                } else {
                    _ = check(property.value, against: c.additionalProperties, at: at)
                }
            }
            if matched || !c.additionalPropertiesOmitted { evaluated.properties.insert(property.name) }
            if c.propertyNames.kind != .any, !propertyNameMatches(property.name, c.propertyNames, at) {
                report(
                    at, "propertyNames", "a property name matching the \"propertyNames\" schema",
                    GeneratedContent(property.name))
            }
        }
        depth -= 1
        for dependent in c.dependentSchemas where present.contains(dependent.property) {
            evaluated.merge(check(value, against: dependent.schema, at: pointer))
        }
        return evaluated
    }

    /// `unevaluatedProperties`/`unevaluatedItems` over what the node's keywords left.
    mutating func checkUnevaluated(
        _ value: GeneratedContent, _ c: UnevaluatedConstraints, _ inner: Evaluated, _ pointer: JSONPointer
    ) -> Evaluated {
        var evaluated = inner
        depth += 1
        if let schema = c.properties, let properties = value.properties {
            for property in properties where !inner.properties.contains(property.name) {
                let at = pointer.appending(property.name)
                if schema.kind == .nothing {
                    report(
                        at, "unevaluatedProperties",
                        "no property \"\(property.name)\" (no keyword of the schema covers it)", property.value)
                } else {
                    _ = check(property.value, against: schema, at: at)
                }
                evaluated.properties.insert(property.name)
            }
        }
        if let schema = c.items, let elements = value.arrayValue {
            for (index, element) in elements.enumerated() where !inner.evaluatedItem(index) {
                let at = pointer.appending(index)
                if schema.kind == .nothing {
                    report(
                        at, "unevaluatedItems", "no item here (no keyword of the schema covers item \(index))", element)
                } else {
                    _ = check(element, against: schema, at: at)
                }
            }
            evaluated.allItems = true
        }
        depth -= 1
        return evaluated
    }
}
