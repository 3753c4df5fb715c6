/// Linking leaves into the bounds tree one at a time, unlinking them, and keeping the tree
/// height-balanced by rotations, so inserting boxes in any order stays O(log n).
extension BoundsTree {
    /// Half the perimeter: the cost measure for choosing where a leaf goes.
    private static func cost(_ r: FloatRect) -> Double { r.halfPerimeter }

    private mutating func allocateNode(_ n: Node, parent: Int32, height: Int32) -> Int32 {
        let l = Links(parent: parent, height: height)
        if let i = freeNodes.popLast() {
            nodes[Int(i)] = n
            links[Int(i)] = l
            return i
        }
        nodes.append(n)
        links.append(l)
        return Int32(nodes.count - 1)
    }

    /// Links `leaf` (its rectangle and info set) beside the subtree whose union with it grows
    /// the tree least.
    @_optimize(speed) mutating func link(_ leaf: Int32) {
        shapeVersion &+= 1
        queriesSinceChange = 0
        let r = FloatRect(outward: leaves[Int(leaf)].rect)
        let key = leaves[Int(leaf)].info.key
        let ref = ~leaf
        guard root != BoundsTree.none else {
            root = ref
            rootRect = r
            rootKey = key
            leafParents[Int(leaf)] = BoundsTree.atRoot
            return
        }
        var index = root, indexRect = rootRect, indexKey = rootKey
        while index >= 0 {
            let n = nodes[Int(index)]
            let combined = BoundsTree.cost(FloatRect.union(indexRect, r))
            let here = 2 * combined
            let inherited = 2 * (combined - BoundsTree.cost(indexRect))
            let c1 = childCost(n.child1, n.rect1, r) + inherited
            let c2 = childCost(n.child2, n.rect2, r) + inherited
            if here < c1 && here < c2 { break }
            if c1 < c2 {
                index = n.child1; indexRect = n.rect1; indexKey = n.key1
            } else {
                index = n.child2; indexRect = n.rect2; indexKey = n.key2
            }
        }
        let sibling = index
        let oldParent = parent(of: sibling)
        let newParent = allocateNode(
            Node(rect1: indexRect, rect2: r, child1: sibling, child2: ref, key1: indexKey, key2: key),
            parent: oldParent, height: height(of: sibling) + 1)
        setParent(of: sibling, newParent)
        leafParents[Int(leaf)] = newParent
        let joined = FloatRect.union(indexRect, r), joinedKey = Swift.max(indexKey, key)
        if oldParent >= 0 {
            replaceChild(of: oldParent, sibling, with: newParent, joined, joinedKey)
        } else {
            root = newParent
            rootRect = joined
            rootKey = joinedKey
        }
        refit(from: newParent)
    }

    /// The cost of putting the leaf with rectangle `r` under child `c` (rectangle `cr`).
    private func childCost(_ c: Int32, _ cr: FloatRect, _ r: FloatRect) -> Double {
        let u = BoundsTree.cost(FloatRect.union(r, cr))
        return c < 0 ? u : u - BoundsTree.cost(cr)
    }

    /// Takes `leaf` out of the tree; its sibling takes its parent's place.
    mutating func unlink(_ leaf: Int32) {
        shapeVersion &+= 1
        queriesSinceChange = 0
        let ref = ~leaf
        defer { leafParents[Int(leaf)] = BoundsTree.atRoot }
        if root == ref { root = BoundsTree.none; return }
        let p = leafParents[Int(leaf)]
        let n = nodes[Int(p)]
        let first = n.child1 == ref
        let sibling = first ? n.child2 : n.child1
        let siblingRect = first ? n.rect2 : n.rect1, siblingKey = first ? n.key2 : n.key1
        let grand = links[Int(p)].parent
        freeNodes.append(p)
        setParent(of: sibling, grand)
        if grand >= 0 {
            replaceChild(of: grand, p, with: sibling, siblingRect, siblingKey)
            refit(from: grand)
        } else {
            root = sibling
            rootRect = siblingRect
            rootKey = siblingKey
        }
    }

    /// Rebalances and recomputes heights, rectangles and keys from node `start` up to the root.
    private mutating func refit(from start: Int32) {
        var index = start
        while index >= 0 {
            index = balance(index)
            let n = nodes[Int(index)]
            links[Int(index)].height = 1 + Swift.max(height(of: n.child1), height(of: n.child2))
            setEntry(of: index, FloatRect.union(n.rect1, n.rect2), Swift.max(n.key1, n.key2))
            index = links[Int(index)].parent
        }
    }

    /// If one subtree of node `a` is more than one level taller, rotates it up; returns the node
    /// now standing where `a` stood.
    private mutating func balance(_ a: Int32) -> Int32 {
        let n = nodes[Int(a)]
        let diff = height(of: n.child2) - height(of: n.child1)
        if diff > 1 { return rotateUp(n.child2, over: a) }
        if diff < -1 { return rotateUp(n.child1, over: a) }
        return a
    }

    /// Lifts child node `up` of `a` into `a`'s place; `a` keeps its other child and the shorter
    /// grandchild, `up` keeps the taller.
    @_optimize(speed) private mutating func rotateUp(_ up: Int32, over a: Int32) -> Int32 {
        let u = nodes[Int(up)]
        let parent = links[Int(a)].parent
        links[Int(up)].parent = parent
        links[Int(a)].parent = up
        if parent >= 0 {
            if nodes[Int(parent)].child1 == a { nodes[Int(parent)].child1 = up } else { nodes[Int(parent)].child2 = up }
        } else {
            root = up
        }
        let firstTaller = height(of: u.child1) > height(of: u.child2)
        let tall = firstTaller ? u.child1 : u.child2, short = firstTaller ? u.child2 : u.child1
        let tallRect = firstTaller ? u.rect1 : u.rect2, shortRect = firstTaller ? u.rect2 : u.rect1
        let tallKey = firstTaller ? u.key1 : u.key2, shortKey = firstTaller ? u.key2 : u.key1
        replaceChild(of: a, up, with: short, shortRect, shortKey)
        setParent(of: short, a)
        let na = nodes[Int(a)]
        let aHeight = 1 + Swift.max(height(of: na.child1), height(of: na.child2))
        links[Int(a)].height = aHeight
        let aRect = FloatRect.union(na.rect1, na.rect2), aKey = Swift.max(na.key1, na.key2)
        nodes[Int(up)] = Node(rect1: aRect, rect2: tallRect, child1: a, child2: tall, key1: aKey, key2: tallKey)
        links[Int(up)].height = 1 + Swift.max(aHeight, height(of: tall))
        setEntry(of: up, FloatRect.union(aRect, tallRect), Swift.max(aKey, tallKey))
        return up
    }
}
